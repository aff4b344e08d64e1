//! The DCAT catalogue of the published datasets (W3C Data Catalog Vocabulary, version 3,
//! <https://www.w3.org/TR/vocab-dcat-3/>, in the DCAT-AP profile's terms), as JSON-LD with an
//! inline context, so that portals (CKAN's DCAT harvester, data.gov.za) and dataset search
//! engines can harvest it: one `dcat:Dataset` per dataset with a `dcat:Distribution` per file
//! (its download address, media type, size and SHA-256 checksum in the SPDX vocabulary) and
//! one for its `datapackage.json`.

use serde_json::{json, Value};

use super::Dataset;

/// The address of dataset `name`'s files: `<home>/api/data/<name>`.
pub fn dataset_address(home: &str, name: &str) -> String {
    format!("{home}/api/data/{name}")
}

/// The catalogue of `datasets` as JSON-LD, addresses under `home` (the site's address, no
/// trailing slash). Never fails.
pub fn catalogue(home: &str, datasets: &[&Dataset]) -> Value {
    let datasets: Vec<Value> = datasets.iter().map(|d| dataset(home, d)).collect();
    json!({
        "@context": {
            "dcat": "http://www.w3.org/ns/dcat#",
            "dct": "http://purl.org/dc/terms/",
            "foaf": "http://xmlns.com/foaf/0.1/",
            "spdx": "http://spdx.org/rdf/terms#",
            "xsd": "http://www.w3.org/2001/XMLSchema#",
            "dct:issued": {"@type": "xsd:dateTime"},
            "dct:modified": {"@type": "xsd:dateTime"},
            "dcat:byteSize": {"@type": "xsd:nonNegativeInteger"},
            "dcat:downloadURL": {"@type": "@id"},
            "dcat:accessURL": {"@type": "@id"},
            "dcat:landingPage": {"@type": "@id"},
            "dct:license": {"@type": "@id"},
            "foaf:homepage": {"@type": "@id"}
        },
        "@id": format!("{home}/data/catalog.jsonld"),
        "@type": "dcat:Catalog",
        "dct:title": "GBVF dashboard open data",
        "dct:description": "The public figures of South Africa's national GBVF dashboard as downloadable files with their definitions.",
        "dct:publisher": {"@type": "foaf:Agent", "foaf:name": "GBVF dashboard", "foaf:homepage": home},
        "foaf:homepage": format!("{home}/data"),
        "dct:language": "en",
        "dcat:dataset": datasets,
    })
}

/// One dataset as a `dcat:Dataset`.
fn dataset(home: &str, d: &Dataset) -> Value {
    let base = dataset_address(home, d.name);
    let modified = d
        .produced_at
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let mut distributions: Vec<Value> = d
        .files
        .iter()
        .map(|f| {
            json!({
                "@type": "dcat:Distribution",
                "dct:title": f.title,
                "dcat:downloadURL": format!("{base}/{}", f.file_name()),
                "dcat:accessURL": format!("{base}/{}", f.file_name()),
                "dcat:mediaType": "text/csv",
                "dct:format": "CSV",
                "dcat:byteSize": f.bytes.len(),
                "spdx:checksum": {
                    "@type": "spdx:Checksum",
                    "spdx:algorithm": {"@id": "spdx:checksumAlgorithm_sha256"},
                    "spdx:checksumValue": f.sha256,
                },
                "dct:license": d.licence.path,
                "dct:modified": modified,
            })
        })
        .collect();
    distributions.push(json!({
        "@type": "dcat:Distribution",
        "dct:title": "Frictionless Data Package (every file with its Table Schema)",
        "dcat:downloadURL": format!("{base}/datapackage.json"),
        "dcat:accessURL": format!("{base}/datapackage.json"),
        "dcat:mediaType": "application/json",
        "dct:format": "Frictionless Data Package",
        "dct:conformsTo": {"@id": "https://specs.frictionlessdata.io/tabular-data-package/"},
        "dct:license": d.licence.path,
    }));
    let mut out = json!({
        "@id": base,
        "@type": "dcat:Dataset",
        "dct:identifier": d.name,
        "dct:title": d.title,
        "dct:description": d.description,
        "dcat:keyword": d.keywords,
        "dct:modified": modified,
        "dct:license": d.licence.path,
        "dct:spatial": "South Africa",
        "dct:source": d.sources.iter().map(|(title, address)| if address.is_empty() { json!({"dct:title": title}) } else { json!({"@id": address, "dct:title": title}) }).collect::<Vec<_>>(),
        "dcat:landingPage": format!("{home}/data"),
        "dcat:distribution": distributions,
    });
    if let Some((first, last)) = d.period {
        out["dct:temporal"] = json!({
            "@type": "dct:PeriodOfTime",
            "dcat:startDate": {"@value": first.to_string(), "@type": "xsd:date"},
            "dcat:endDate": {"@value": last.to_string(), "@type": "xsd:date"},
        });
    }
    out
}
