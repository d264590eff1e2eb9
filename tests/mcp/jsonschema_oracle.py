#!/usr/bin/env python3
"""An independent JSON Schema validator for tests/mcp/schema_import_servers_test.cpp: Python
`jsonschema` (PyPI, pinned in tools/mcp-servers/requirements.txt), driven over pipes.

Reads one JSON request per line on stdin and answers each with one JSON line on stdout:
  {"define": ID, "schema": S}  -> {"ok": true}   (or {"ok": false, "error": "..."} for a bad schema)
  {"check": ID, "instance": V} -> {"valid": bool, "errors": [{"schema_path": "/properties/a/minimum",
                                   "keyword": "minimum", "path": "/a", "message": "..."}]}
The validator class follows the schema's "$schema" (draft-07, 2020-12, ...; 2020-12 when absent).
Formats are not asserted (JSON Schema's default: "format" is an annotation).
"""
import json
import sys

import jsonschema
from jsonschema.validators import validator_for


def pointer(parts):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def main():
    validators = {}
    for line in sys.stdin:
        request = json.loads(line)
        if "define" in request:
            schema = request["schema"]
            try:
                cls = validator_for(schema, default=jsonschema.Draft202012Validator)
                cls.check_schema(schema)
                validators[request["define"]] = cls(schema)
                answer = {"ok": True}
            except Exception as e:  # a schema the validator refuses
                answer = {"ok": False, "error": str(e)[:500]}
        else:
            v = validators[request["check"]]
            errors = [
                {
                    "schema_path": pointer(e.absolute_schema_path),
                    "keyword": str(e.validator),
                    "path": pointer(e.absolute_path),
                    "message": e.message[:300],
                }
                for e in v.iter_errors(request["instance"])
            ]
            answer = {"valid": not errors, "errors": errors}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
