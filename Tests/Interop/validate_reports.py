"""Checks iapkit's SARIF and JUnit reports with independent readers.

For every NAME.json report in the folder there must be NAME.sarif and NAME.junit. The SARIF
report must validate against the SARIF 2.1.0 schema; the JUnit report must be read by
junitparser, and both must agree with the JSON report on every check's verdict. A report
that breaks the schema on purpose must be refused, so a validator that accepts anything
cannot pass.
"""

import copy
import json
import pathlib
import sys

import jsonschema
from junitparser import Failure, JUnitXml, Skipped

SARIF_KIND = {"pass": "pass", "fail": "fail", "warning": "fail", "info": "informational", "manual": "review"}


def check_sarif(validator, report, expected):
    problems = [error.message for error in validator.iter_errors(report)]
    results = report["runs"][0]["results"]
    seen = {result["ruleId"]: result["kind"] for result in results}
    wanted = {check["id"]: SARIF_KIND[check["status"]] for check in expected}
    if seen != wanted:
        problems.append(f"SARIF verdicts differ from the JSON report: {seen} != {wanted}")
    rules = report["runs"][0]["tool"]["driver"]["rules"]
    for result in results:
        if rules[result["ruleIndex"]]["id"] != result["ruleId"]:
            problems.append(f"{result['ruleId']}: ruleIndex points at another rule")
    return problems


def check_junit(path, expected):
    problems = []
    xml = JUnitXml.fromfile(str(path))
    cases = {}
    for suite in xml:
        for case in suite:
            if case.name in cases:
                problems.append(f"test case {case.name} appears twice")
            outcome = "pass"
            for entry in case.result:
                if isinstance(entry, Failure):
                    outcome = "fail"
                elif isinstance(entry, Skipped):
                    outcome = "manual"
            cases[case.name] = outcome
    wanted = {}
    for check in expected:
        wanted[check["id"]] = {"fail": "fail", "manual": "manual"}.get(check["status"], "pass")
    if cases != wanted:
        problems.append(f"JUnit outcomes differ from the JSON report: {cases} != {wanted}")
    failures = sum(1 for check in expected if check["status"] == "fail")
    if xml.failures != failures or xml.tests != len(expected):
        problems.append(f"JUnit totals {xml.tests} tests / {xml.failures} failures, expected {len(expected)} / {failures}")
    return problems


def main():
    schema = json.loads(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"))
    folder = pathlib.Path(sys.argv[2])
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    failed = False
    names = sorted(path.stem for path in folder.glob("*.json"))
    if not names:
        print("FAIL no reports found", file=sys.stderr)
        return 1
    for name in names:
        expected = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))["results"]
        sarif = json.loads((folder / f"{name}.sarif").read_text(encoding="utf-8"))
        problems = check_sarif(validator, sarif, expected)
        problems += check_junit(folder / f"{name}.junit", expected)
        status = "ok  " if not problems else "FAIL"
        print(f"{status} {name}: SARIF valid against the 2.1.0 schema, JUnit read with {len(expected)} cases")
        for problem in problems:
            print(f"     {problem}")
        failed = failed or bool(problems)

    broken = copy.deepcopy(sarif)
    broken["runs"][0]["results"][0]["level"] = "fatal"
    if validator.is_valid(broken):
        print("FAIL the schema accepted a result with level 'fatal'")
        failed = True
    else:
        print("ok   a deliberately broken SARIF report is refused")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
