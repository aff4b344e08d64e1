"""Checks the open data a running server publishes (decision 0164), as a harvester would.

Usage: open-data-check.py BASE_URL

1. Reads the DCAT catalogue (`/data/catalog.jsonld`) and expands it as JSON-LD (PyLD, the
   JSON-LD 1.1 processor); fails unless it is a dcat:Catalog naming at least one dcat:Dataset,
   each with a Frictionless Data Package among its distributions (dct:conformsTo the Tabular
   Data Package specification).
2. Prints the address of every Data Package, one per line, for `frictionless validate`.
"""

import json
import sys
import urllib.request

from pyld import jsonld

DCAT = "http://www.w3.org/ns/dcat#"
DCT = "http://purl.org/dc/terms/"
PACKAGE_SPEC = "https://specs.frictionlessdata.io/tabular-data-package/"


def main(base: str) -> int:
    with urllib.request.urlopen(f"{base}/data/catalog.jsonld") as res:
        kind = res.headers.get("Content-Type", "")
        document = json.load(res)
    if not kind.startswith("application/ld+json"):
        print(f"catalogue served as {kind!r}, not application/ld+json")
        return 1
    expanded = jsonld.expand(document)
    catalogues = [n for n in expanded if DCAT + "Catalog" in n.get("@type", [])]
    if len(catalogues) != 1:
        print(f"expected one dcat:Catalog, found {len(catalogues)}")
        return 1
    datasets = catalogues[0].get(DCAT + "dataset", [])
    if not datasets:
        print("the catalogue names no dataset")
        return 1
    packages = []
    for dataset in datasets:
        name = dataset[DCT + "identifier"][0]["@value"]
        for distribution in dataset.get(DCAT + "distribution", []):
            conforms = [c.get("@id") for c in distribution.get(DCT + "conformsTo", [])]
            if PACKAGE_SPEC in conforms:
                packages.append(distribution[DCAT + "downloadURL"][0]["@id"])
                break
        else:
            print(f"dataset {name} has no Data Package distribution")
            return 1
        print(f"dataset {name}: {len(dataset[DCAT + 'distribution'])} distributions", file=sys.stderr)
    for p in packages:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1].rstrip("/")))
