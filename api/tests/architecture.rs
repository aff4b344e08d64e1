//! The shape of the HTTP layer, checked on the source (docs/ARCHITECTURE.md, "Command path"):
//!
//! - a module under `api/src/http` only translates: it never appends events, never runs a
//!   cqrs-es command by hand (`execute_with_metadata`), and never runs SQL that changes state
//!   (INSERT, UPDATE … SET, DELETE FROM); writes happen on the write side (`commands/`,
//!   `api/src/accounts`);
//! - nor does it run SQL to read: reads of read models are typed query functions next to their
//!   projection in `projections/`, reads of side tables and of the log live with the module that
//!   owns them (`api/src/accounts`, `gbvf_events`); handlers call them;
//! - the modules of `api/src/http` import each other without circles, and so do the files of
//!   every crate (a list of the circles still open through the application state may only
//!   shrink);
//! - only the permission layer answers 403 of its own accord; elsewhere in HTTP a 403 is the
//!   translation of a refusal decided on the write side;
//! - each route's path is written once, in its handler's `#[utoipa::path]`: the route table
//!   and the OpenAPI document take it from there;
//! - production code has no glob imports (`use x::*`), but for a function's import of an
//!   enum's variants;
//! - no hand-written source file of the workspace (the four crates and the benchmark,
//!   `ops/benchmark`) is over 600 lines outside its tests (a `#[cfg(test)]` module or a
//!   `tests.rs` file).
//!
//! Each check names the file and line it objects to.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The file's code lines before its `#[cfg(test)]` module, without `//` comments, with their
/// line numbers.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start() == "#[cfg(test)]" {
            break;
        }
        let code = match line.find("//") {
            // A `//` inside a string (a URL) is kept: only a line that starts as a comment,
            // or a trailing comment after code outside quotes, is cut.
            Some(at) if line[..at].matches('"').count() % 2 == 0 => &line[..at],
            _ => line,
        };
        out.push((i + 1, code.to_string()));
    }
    out
}

/// What a line does that only the write side may do, if anything.
fn write_in(line: &str) -> Option<&'static str> {
    let upper = line.to_uppercase();
    if upper.contains("INSERT INTO") {
        return Some("runs INSERT");
    }
    if upper.contains("DELETE FROM") {
        return Some("runs DELETE");
    }
    let words: Vec<&str> = upper.split_whitespace().collect();
    if words
        .windows(3)
        .any(|w| w[0].trim_start_matches('"') == "UPDATE" && w[2] == "SET")
    {
        return Some("runs UPDATE");
    }
    ["append_batch", "append_in_batches", "execute_with_metadata"]
        .into_iter()
        .find(|call| line.contains(call))
}

#[test]
fn http_modules_neither_append_events_nor_change_state_with_sql() {
    let http = workspace().join("api/src/http");
    let mut found = Vec::new();
    for file in rust_files(&http) {
        let text = std::fs::read_to_string(&file).expect("read source");
        let lines = code_lines(&text);
        // A statement's SQL may start on the line after `sqlx::query(`: join each line with the
        // next so "UPDATE x\n SET" is seen too.
        for (k, (number, line)) in lines.iter().enumerate() {
            let joined = match lines.get(k + 1) {
                Some((_, next)) => format!("{line} {next}"),
                None => line.clone(),
            };
            let what = write_in(line).or_else(|| {
                let next = lines.get(k + 1).map_or("", |(_, l)| l.as_str());
                write_in(&joined).filter(|_| write_in(next).is_none())
            });
            if let Some(what) = what {
                found.push(format!("{}:{number}: {what}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the HTTP layer only translates; move these writes to the write side:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_write_check_sees_each_kind_of_write() {
    assert_eq!(
        write_in(r#"sqlx::query("INSERT INTO t (a) VALUES ($1)")"#),
        Some("runs INSERT")
    );
    assert_eq!(
        write_in(r#""DELETE FROM otp_challenge WHERE x""#),
        Some("runs DELETE")
    );
    assert_eq!(
        write_in(r#""UPDATE auth_limit SET hits = 0""#),
        Some("runs UPDATE")
    );
    assert_eq!(
        write_in("append_batch(&mut tx, &events)"),
        Some("append_batch")
    );
    assert_eq!(
        write_in("cqrs.execute_with_metadata(id, c, m)"),
        Some("execute_with_metadata")
    );
    assert_eq!(
        write_in(r#""SELECT payload FROM events WHERE updated""#),
        None
    );
    let lines = code_lines("let a = 1; // INSERT INTO x\n// DELETE FROM y\nlet u = \"http://x\";");
    assert!(lines.iter().all(|(_, l)| write_in(l).is_none()));
}

/// The files of the permission layer: the route table's gate (`routes.rs`, `permission.rs`,
/// `layers.rs`, the signed-in check `auth/mod.rs`) and the error type (`error.rs`, which also
/// answers the domain's `ReadRefused`).
const PERMISSION_LAYER: [&str; 5] = [
    "routes.rs",
    "permission.rs",
    "layers.rs",
    "error.rs",
    "auth/mod.rs",
];

/// Whether `code` (a line joined with the one before it) decides a 403 itself: it names
/// `ApiError::Forbidden` other than as the answer of a match arm whose pattern is a refusal
/// decided on the write side (an `…Error` or `Refused` value).
fn decides_forbidden(previous: &str, line: &str) -> bool {
    if !line.contains("ApiError::Forbidden") {
        return false;
    }
    let joined = format!("{previous} {line}");
    let before = line
        .find("ApiError::Forbidden")
        .map(|at| format!("{previous} {}", &line[..at]))
        .unwrap_or(joined);
    match before.rfind("=>") {
        Some(arm) => {
            let pattern = &before[..arm];
            let pattern = pattern.rsplit([',', '{', ';']).next().unwrap_or(pattern);
            !(pattern.contains("Error") || pattern.contains("Refused"))
        }
        None => true,
    }
}

#[test]
fn only_the_permission_layer_decides_a_403() {
    let http = workspace().join("api/src/http");
    let mut found = Vec::new();
    for file in rust_files(&http) {
        let relative = file
            .strip_prefix(&http)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if PERMISSION_LAYER.contains(&relative.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("read source");
        let lines = code_lines(&text);
        for (k, (number, line)) in lines.iter().enumerate() {
            let previous = k.checked_sub(1).map_or("", |p| lines[p].1.as_str());
            if decides_forbidden(previous, line) {
                found.push(format!("{}:{number}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "who may do or read what is decided on the write side (an aggregate, or a read rule \
         refusing with gbvf_commands::read_access::ReadRefused); HTTP only translates:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_403_check_sees_a_rule_and_allows_a_translation() {
    assert!(decides_forbidden(
        "",
        "        return Err(ApiError::Forbidden);"
    ));
    assert!(decides_forbidden(
        "    if !u.can(WorldOfImpactAdmin) {",
        "        return Err(ApiError::Forbidden);"
    ));
    assert!(decides_forbidden(
        "",
        "        None => return Err(ApiError::Forbidden),"
    ));
    assert!(!decides_forbidden(
        "",
        "            ProviderError::OutsideArea => ApiError::Forbidden,"
    ));
    assert!(!decides_forbidden(
        "            Err(AggregateError::UserError(HealthCheckError::NotTheirs)) => {",
        "                return Err(ApiError::Forbidden)"
    ));
    assert!(!decides_forbidden("", "    let a = area.may_read(place)?;"));
}

/// What a line does that only a query function outside the HTTP layer may do, if anything:
/// build or run a sqlx statement, or fetch its rows.
fn sql_read_in(line: &str) -> Option<&'static str> {
    [
        "query_as",
        "query_scalar",
        "query_with",
        "raw_sql",
        "QueryBuilder",
        "sqlx::query",
        ".fetch_one(",
        ".fetch_all(",
        ".fetch_optional(",
        ".fetch_many(",
        ".fetch(",
    ]
    .into_iter()
    .find(|marker| line.contains(marker))
}

#[test]
fn http_modules_run_no_sql_of_their_own() {
    let root = workspace();
    let http = root.join("api/src/http");
    let mut found = Vec::new();
    for file in rust_files(&http) {
        let relative = file.strip_prefix(&root).expect("under the workspace");
        let text = std::fs::read_to_string(&file).expect("read source");
        for (number, line) in code_lines(&text) {
            if let Some(what) = sql_read_in(&line) {
                found.push(format!("{}:{number}: {what}", relative.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the HTTP layer runs no SQL; move these reads into typed query functions next to their \
         read model in projections/ (or to the module owning the table) and call them:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_read_check_sees_each_kind_of_query() {
    assert_eq!(
        sql_read_in(r#"let n: i64 = sqlx::query_scalar("SELECT count(*) FROM boundary")"#),
        Some("query_scalar")
    );
    assert_eq!(
        sql_read_in(r#"sqlx::query_as::<_, (i64,)>("SELECT 1")"#),
        Some("query_as")
    );
    assert_eq!(
        sql_read_in(r#"sqlx::query("SELECT 1").execute(pool)"#),
        Some("sqlx::query")
    );
    assert_eq!(sql_read_in(r#"query_as(&sql).bind(id)"#), Some("query_as"));
    assert_eq!(sql_read_in("    .fetch_all(&s.pool)"), Some(".fetch_all("));
    assert_eq!(
        sql_read_in("    .fetch_optional(pool)"),
        Some(".fetch_optional(")
    );
    assert_eq!(sql_read_in("let rows = live_users(&s.pool).await?;"), None);
    assert_eq!(sql_read_in("counter.fetch_add(1, Ordering::SeqCst)"), None);
}

/// The top-level module of `api/src/http` a file belongs to (`auth` for `auth/handlers/x.rs`).
fn top_module(http: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(http).expect("under http");
    let first = relative.components().next().expect("a component");
    let name = first.as_os_str().to_string_lossy();
    name.trim_end_matches(".rs").to_string()
}

/// The top-level `api/src/http` modules a file refers to (`super::x`, `crate::http::x`), other
/// than its own.
fn references(
    http: &Path,
    file: &Path,
    text: &str,
    modules: &BTreeSet<String>,
) -> BTreeSet<String> {
    let own = top_module(http, file);
    let depth = file
        .strip_prefix(http)
        .expect("under http")
        .components()
        .count()
        - 1;
    // From a file at depth d (mod.rs counts as its folder), `super::` climbs one module.
    let is_mod = file.file_name().is_some_and(|n| n == "mod.rs");
    let supers_to_http = if is_mod { depth } else { depth + 1 };
    let prefix = "super::".repeat(supers_to_http);
    let mut out = BTreeSet::new();
    for (_, line) in code_lines(text) {
        for (at, _) in line.match_indices("crate::http::") {
            let rest = &line[at + "crate::http::".len()..];
            add_module(rest, modules, &own, &mut out);
        }
        if supers_to_http > 0 {
            for (at, _) in line.match_indices(&prefix) {
                // Exactly that many supers, not more.
                if line[..at].ends_with("super::") {
                    continue;
                }
                let rest = &line[at + prefix.len()..];
                if rest.starts_with("super::") {
                    continue;
                }
                add_module(rest, modules, &own, &mut out);
            }
        }
    }
    out
}

fn add_module(rest: &str, modules: &BTreeSet<String>, own: &str, out: &mut BTreeSet<String>) {
    let braced = rest.starts_with('{');
    let rest = rest.trim_start_matches('{');
    for part in rest.split([',', '}']) {
        let name: String = part
            .trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if modules.contains(&name) && name != own {
            out.insert(name);
        }
        if !braced {
            break;
        }
    }
}

/// The circles in a graph of modules, each as the path `a -> b -> a`, found by depth-first
/// search from every module (each circle reported once, from its smallest module).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<String> {
    fn walk(
        graph: &BTreeMap<String, BTreeSet<String>>,
        start: &str,
        at: &str,
        path: &mut Vec<String>,
        out: &mut BTreeSet<String>,
    ) {
        for next in graph.get(at).into_iter().flatten() {
            if next == start {
                let mut circle = path.clone();
                circle.push(start.to_string());
                out.insert(circle.join(" -> "));
            } else if next.as_str() > start && !path.contains(next) {
                path.push(next.clone());
                walk(graph, start, next, path, out);
                path.pop();
            }
        }
    }
    let mut out = BTreeSet::new();
    for start in graph.keys() {
        let mut path = vec![start.clone()];
        walk(graph, start, start, &mut path, &mut out);
    }
    out
}

#[test]
fn the_circle_search_finds_a_circle() {
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    g.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    g.insert("d".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(
        circles(&g),
        BTreeSet::from(["a -> b -> c -> a".to_string()])
    );
}

/// The import circles between the top-level modules of `api/src/http`.
fn http_circles() -> BTreeSet<String> {
    let http = workspace().join("api/src/http");
    let files = rust_files(&http);
    let modules: BTreeSet<String> = files.iter().map(|f| top_module(&http, f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read source");
        let own = top_module(&http, file);
        if own == "mod" {
            // The router (`http/mod.rs`) names every module; modules reach it only for
            // `AppState`, which is not an import of their code.
            continue;
        }
        graph.entry(own).or_default().extend(
            references(&http, file, &text, &modules)
                .into_iter()
                .filter(|m| m != "mod"),
        );
    }
    circles(&graph)
}

#[test]
fn http_modules_import_each_other_without_circles() {
    let found = http_circles();
    assert!(
        found.is_empty(),
        "import circles in api/src/http: {found:?}"
    );
}

#[test]
fn no_hand_written_source_file_is_over_600_lines() {
    let root = workspace();
    let mut long = Vec::new();
    for dir in [
        "events/src",
        "commands/src",
        "projections/src",
        "api/src",
        "ops/benchmark/src",
    ] {
        for file in rust_files(&root.join(dir)) {
            if file.file_name().is_some_and(|n| n == "tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&file).expect("read source");
            let lines = code_lines(&text).len();
            let name = file
                .strip_prefix(&root)
                .expect("under the workspace")
                .to_string_lossy()
                .replace("/../", "/");
            if lines > 600 {
                long.push((name, lines));
            }
        }
    }
    let long: Vec<String> = long
        .iter()
        .map(|(n, l)| format!("{n}: {l} lines"))
        .collect();
    assert!(long.is_empty(), "files over 600 lines: {long:?}");
}

/// The glob imports (`use x::*`) of a production file's code, as (line, text). A function's
/// import of an enum's variants (`use Column::*;`, the last segment a type name) is allowed:
/// it names the enum, so it hides nothing of the file's dependencies.
fn glob_imports(text: &str) -> Vec<(usize, String)> {
    code_lines(text)
        .into_iter()
        .filter(|(_, line)| {
            let t = line.trim();
            let Some(path) = t
                .strip_prefix("use ")
                .or_else(|| t.split_once(" use ").map(|(_, p)| p))
                .and_then(|p| p.strip_suffix("::*;"))
            else {
                return false;
            };
            let last = path.rsplit("::").next().unwrap_or(path);
            let is_variants = line.starts_with("    ") && last.starts_with(char::is_uppercase);
            !is_variants
        })
        .collect()
}

/// The source folders of the workspace's crates, each with its crate root.
const CRATES: [&str; 5] = [
    "events/src",
    "commands/src",
    "projections/src",
    "api/src",
    "ops/benchmark/src",
];

/// A production source file: not a `tests.rs` or `*_tests.rs` file of a test module.
fn is_production(file: &Path) -> bool {
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    name != "tests.rs" && !name.ends_with("_tests.rs")
}

/// The `"/api/…"` literals of `code`, each with whether it is a declaration: an annotation's
/// (`path = "/api/…"`) or a constant's that an annotation names (`const X: &str = "/api/…"`).
fn api_path_literals(code: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("\"/api/") {
        let before = rest[..at].trim_end();
        let declared = before.ends_with("path =") || before.ends_with(": &str =");
        let literal = &rest[at + 1..];
        let end = literal.find('"').unwrap_or(literal.len());
        out.push((literal[..end].to_string(), declared));
        rest = &literal[end..];
    }
    out
}

/// The places, outside its declaration, where a declared route path is written again, over
/// `files` (name, text).
fn repeated_route_paths(files: &[(String, String)]) -> Vec<String> {
    let mut declared = BTreeSet::new();
    let mut written = Vec::new();
    for (name, text) in files {
        for (line, code) in code_lines(text) {
            for (path, is_declaration) in api_path_literals(&code) {
                if is_declaration {
                    declared.insert(path);
                } else {
                    written.push((path, format!("{name}:{line}: {}", code.trim())));
                }
            }
        }
    }
    written
        .into_iter()
        .filter(|(path, _)| declared.contains(path))
        .map(|(_, place)| place)
        .collect()
}

#[test]
fn each_route_path_is_written_once() {
    let root = workspace();
    let files: Vec<(String, String)> = rust_files(&root.join("api/src/http"))
        .into_iter()
        .filter(|f| is_production(f))
        .map(|f| {
            let name = f.strip_prefix(&root).expect("under the workspace");
            let text = std::fs::read_to_string(&f).expect("read source");
            (name.display().to_string(), text)
        })
        .collect();
    let declared = files
        .iter()
        .flat_map(|(_, t)| api_path_literals(t))
        .filter(|(_, d)| *d)
        .count();
    assert!(declared > 80, "only {declared} declared routes were found");
    let repeated = repeated_route_paths(&files);
    assert!(
        repeated.is_empty(),
        "route paths written again outside their #[utoipa::path]: {repeated:#?}"
    );
}

#[test]
fn the_route_check_sees_a_path_written_twice() {
    let handler = "#[utoipa::path(get, path = \"/api/x/list\", operation_id = \"list\")]\npub async fn list() {}\n";
    let table =
        "r.route(\"/api/x/list\", get(list))\n    .get_undocumented(\"/api/x/list/\", list)\n";
    let files = vec![
        ("handler.rs".to_string(), handler.to_string()),
        ("table.rs".to_string(), table.to_string()),
    ];
    assert_eq!(
        repeated_route_paths(&files),
        vec!["table.rs:1: r.route(\"/api/x/list\", get(list))".to_string()]
    );
}

#[test]
fn production_code_has_no_glob_imports() {
    let root = workspace();
    let mut found = Vec::new();
    for dir in CRATES {
        for file in rust_files(&root.join(dir))
            .into_iter()
            .filter(|f| is_production(f))
        {
            let text = std::fs::read_to_string(&file).expect("read source");
            for (line, code) in glob_imports(&text) {
                let name = file.strip_prefix(&root).expect("under the workspace");
                found.push(format!("{}:{line}: {}", name.display(), code.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "glob imports in production code: {found:#?}"
    );
}

#[test]
fn the_glob_check_sees_a_glob_and_allows_enum_variants() {
    let text = "use super::*;\npub use state::*;\nfn f() {\n    use Column::*;\n}\n";
    let found: Vec<usize> = glob_imports(text).into_iter().map(|(l, _)| l).collect();
    assert_eq!(found, vec![1, 2]);
}

/// The module path of a file under a crate's `src` (`http/building_blocks/mod.rs` →
/// `["http", "building_blocks"]`; `lib.rs`/`main.rs` → `[]`).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .strip_prefix(src)
        .expect("under src")
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Every path a text names that starts with `crate`, `super`, `self` or a bare identifier,
/// with `a::{b, c::d}` groups expanded, as segments.
fn paths_in(text: &str) -> Vec<Vec<String>> {
    fn ident(s: &[char], at: &mut usize) -> Option<String> {
        let start = *at;
        while *at < s.len() && (s[*at].is_alphanumeric() || s[*at] == '_') {
            *at += 1;
        }
        (start < *at).then(|| s[start..*at].iter().collect())
    }
    fn skip_space(s: &[char], at: &mut usize) {
        while *at < s.len() && s[*at].is_whitespace() {
            *at += 1;
        }
    }
    /// Parses `ident(::ident)*(::{group})?` from `at`, pushing every full path onto `out`.
    fn path(s: &[char], at: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
        let mut segments = prefix;
        loop {
            skip_space(s, at);
            if *at < s.len() && s[*at] == '{' {
                *at += 1;
                loop {
                    skip_space(s, at);
                    if *at >= s.len() || s[*at] == '}' {
                        *at += 1;
                        return;
                    }
                    if s[*at] == ',' {
                        *at += 1;
                        continue;
                    }
                    let before = *at;
                    path(s, at, segments.clone(), out);
                    if *at == before {
                        *at += 1;
                    }
                }
            }
            let Some(name) = ident(s, at) else { return };
            segments.push(name);
            if *at + 1 < s.len() && s[*at] == ':' && s[*at + 1] == ':' {
                *at += 2;
            } else {
                out.push(segments);
                return;
            }
        }
    }
    let s: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < s.len() {
        let boundary =
            at == 0 || !(s[at - 1].is_alphanumeric() || s[at - 1] == '_' || s[at - 1] == ':');
        if boundary && (s[at].is_alphabetic() || s[at] == '_') {
            let start = at;
            let mut probe = at;
            ident(&s, &mut probe);
            if probe + 1 < s.len() && s[probe] == ':' && s[probe + 1] == ':' {
                path(&s, &mut at, Vec::new(), &mut out);
                if at == start {
                    at += 1;
                }
                continue;
            }
            at = probe;
            continue;
        }
        at += 1;
    }
    out
}

/// The circles between the files of one crate: an arrow from a file to each file whose module
/// its code names (`crate::`, `super::`, `self::` or a child module), through re-exports to the
/// file that defines the name; `pub use` lines themselves are a facade's, not its code's, and a
/// module naming one of its ancestors (the parent's shared types) draws no arrow.
fn file_circles(src: &Path) -> BTreeSet<String> {
    let files: Vec<PathBuf> = rust_files(src)
        .into_iter()
        .filter(|f| is_production(f))
        .filter(|f| !(f.ends_with("main.rs") && src.join("lib.rs").exists()))
        .collect();
    let modules: BTreeMap<Vec<String>, String> = files
        .iter()
        .map(|f| {
            (
                module_path(src, f),
                f.strip_prefix(src).unwrap().display().to_string(),
            )
        })
        .collect();
    let mut reexports: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
    let mut code_of: BTreeMap<Vec<String>, String> = BTreeMap::new();
    for file in &files {
        let own = module_path(src, file);
        let text = std::fs::read_to_string(file).expect("read source");
        let mut code = String::new();
        let mut in_reexport = false;
        for (_, line) in code_lines(&text) {
            let t = line.trim_start();
            if t.starts_with("pub use ") || in_reexport {
                in_reexport = !t.contains(';');
                for p in paths_in(t.trim_start_matches("pub use ")) {
                    let mut child = own.clone();
                    child.push(p[0].clone());
                    if p.len() >= 2 && modules.contains_key(&child) {
                        reexports.insert((own.clone(), p[p.len() - 1].clone()), child);
                    }
                }
                continue;
            }
            code.push_str(&line);
            code.push('\n');
        }
        code_of.insert(own, code);
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (own, code) in &code_of {
        let me = modules[own].clone();
        for p in paths_in(code) {
            let absolute: Vec<String> = match p[0].as_str() {
                "crate" => p[1..].to_vec(),
                "self" => own.iter().chain(&p[1..]).cloned().collect(),
                "super" => {
                    let ups = p.iter().take_while(|s| *s == "super").count();
                    let keep = own.len().saturating_sub(ups);
                    own[..keep].iter().chain(&p[ups..]).cloned().collect()
                }
                first => {
                    let mut child = own.clone();
                    child.push(first.to_string());
                    if !modules.contains_key(&child) {
                        continue;
                    }
                    own.iter().chain(&p).cloned().collect()
                }
            };
            let Some(len) = (1..=absolute.len())
                .rev()
                .find(|n| modules.contains_key(&absolute[..*n]))
            else {
                continue;
            };
            let mut target = absolute[..len].to_vec();
            if let Some(name) = absolute.get(len) {
                if let Some(child) = reexports.get(&(target.clone(), name.clone())) {
                    target = child.clone();
                }
            }
            // A child naming its parent's shared definitions is inside one unit of code.
            if own.starts_with(&target) {
                continue;
            }
            let target = modules[&target].clone();
            if target != me {
                graph.entry(me.clone()).or_default().insert(target);
            }
        }
    }
    circles(&graph)
}

/// No two files import each other, directly or round a longer circle: a module that needs part
/// of the application state says which part (`FromRef`, or a trait such as
/// `read_your_writes::Settling`) instead of importing `AppState` that holds its own types.
#[test]
fn files_import_each_other_without_circles() {
    let root = workspace();
    let mut found = BTreeSet::new();
    for dir in CRATES {
        for circle in file_circles(&root.join(dir)) {
            found.insert(format!("{dir}: {circle}"));
        }
    }
    assert!(found.is_empty(), "import circles between files: {found:#?}");
}

#[test]
fn the_file_circle_search_sees_a_circle_between_two_files() {
    let dir = std::env::temp_dir().join(format!("gbvf-circle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    std::fs::write(dir.join("lib.rs"), "mod a;\nmod b;\n").expect("write");
    std::fs::write(dir.join("a.rs"), "use crate::b::B;\npub struct A;\n").expect("write");
    std::fs::write(dir.join("b.rs"), "pub struct B(crate::a::A);\n").expect("write");
    let found = file_circles(&dir);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(found, BTreeSet::from(["a.rs -> b.rs -> a.rs".to_string()]));
}

#[test]
fn the_path_reader_expands_groups() {
    let paths = paths_in("use crate::http::{auth, cache::{Cache, Key}};\nlet x = super::y::z(1);");
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        vec![
            "crate::http::auth",
            "crate::http::cache::Cache",
            "crate::http::cache::Key",
            "super::y::z"
        ]
    );
}
