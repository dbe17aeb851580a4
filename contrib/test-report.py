#!/usr/bin/env python3
"""What contrib/test.sh reads off a run: the slowest tests and the suites ThreadSanitizer runs.

Usage:
  test-report.py slowest TIMES [COUNT]
      The COUNT (default 15) slowest tests of a run, from the file the .timed trait wrote
      (Tests/TestSupport: each test case's seconds from its body's start to its return, with
      HEARTLINE_TEST_TIMES naming the file), a parameterized test's cases summed. In a parallel
      run a test's time includes the time it shared the processors; unlike "passed after" and
      the event stream's testStarted, it does not count the time it waited to be started.
  test-report.py tagged TAG [TESTS]
      The suites of TESTS (default Tests) declared with `.tags(.TAG)`, one "Module.Suite" a line,
      from the sources: a renamed suite keeps its tag, so it cannot drop out of a list.
  test-report.py ran EVENTS SUITE...
      Fails, naming them, when a suite given ran no test in the run whose event stream is EVENTS
      (`swift test --event-stream-output-path EVENTS --event-stream-version 0`).
"""

import json
import re
import sys
from pathlib import Path


def events(path):
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if record.get("kind") == "event":
                yield record["payload"]


def readable(test_id):
    # "Module.Suite/name(args:)/File.swift:12:6" -> "Suite/name(args:)"
    parts = test_id.split("/")
    if len(parts) >= 3 and re.search(r"\.swift:\d+:\d+$", parts[-1]):
        parts = parts[:-1]
    parts[0] = parts[0].split(".", 1)[-1]
    return "/".join(parts)


def slowest(path, count=15):
    seconds, cases = {}, {}
    with open(path, encoding="utf-8") as times:
        for line in times:
            took, _, test = line.rstrip("\n").partition("\t")
            try:
                seconds[test] = seconds.get(test, 0.0) + float(took)
            except ValueError:
                continue
            cases[test] = cases.get(test, 0) + 1
    timed = sorted(((took, test) for test, took in seconds.items()), reverse=True)
    print(f"the {min(count, len(timed))} slowest of {len(timed)} tests: each test's own time, from its body's start to its "
          "return less its waits for the shared sound server's and bus's locks (a parameterized test's cases "
          "summed), timed by the .timed trait")
    for took, test in timed[:count]:
        note = f"  ({cases[test]} cases)" if cases[test] > 1 else ""
        print(f"  {took:7.1f} s  {readable(test)}{note}")


def tagged(tag, root="Tests"):
    suite = re.compile(r"@Suite\(([^)]*(?:\([^)]*\))?[^)]*)\)\s*(?:final\s+)?(?:struct|class|enum|actor)\s+(\w+)")
    found = []
    for path in sorted(Path(root).glob("*/**/*.swift")):
        module = path.relative_to(root).parts[0]
        for match in suite.finditer(path.read_text(encoding="utf-8")):
            arguments = match.group(1)
            tags = re.search(r"\.tags\(([^)]*)\)", arguments)
            if tags and f".{tag}" in [t.strip() for t in tags.group(1).split(",")]:
                found.append(f"{module}.{match.group(2)}")
    for name in found:
        print(name)
    return 0 if found else 1


def ran(path, suites):
    """Whether each suite ("Module.Suite", or nested in another) ended at least one test."""
    counts = {suite: 0 for suite in suites}
    if not Path(path).exists():
        print(f"test-report: no event stream at {path}: the run did not start", file=sys.stderr)
        return 1
    for event in events(path):
        if event.get("kind") != "testEnded":
            continue
        test = event.get("testID", "")
        for suite in suites:
            name = suite.split(".")[-1]
            if re.search(r"(^|[./])" + re.escape(name) + "/", test) and "/" in test.split(name + "/", 1)[1]:
                counts[suite] += 1
    empty = [suite for suite, count in counts.items() if count == 0]
    for suite in empty:
        print(f"test-report: the suite {suite} was named and ran no test", file=sys.stderr)
    return 1 if empty else 0


def main(arguments):
    if not arguments or arguments[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, rest = arguments[0], arguments[1:]
    if command == "slowest":
        slowest(rest[0], int(rest[1]) if len(rest) > 1 else 15)
        return 0
    if command == "tagged":
        return tagged(rest[0], rest[1] if len(rest) > 1 else "Tests")
    if command == "ran":
        return ran(rest[0], rest[1:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
