"""Runs the browser tests: headless Debian Chromium through chromedriver and Selenium, each
test against its own `petspot serve --port 0`.

    python3 Tests/BrowserTests/run.py PATH/TO/petspot [unittest name pattern…]

With CI=true a missing browser, driver or Selenium fails the run; otherwise it is skipped
with a message saying what to install (`bash scripts/install-deps --tests` installs all three)."""

import os
import shutil
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def missing_tools():
    import importlib.util
    missing = []
    for path, package in ((os.environ.get("PETSPOT_CHROMIUM", "/usr/bin/chromium"), "chromium"),
                          (os.environ.get("PETSPOT_CHROMEDRIVER", "/usr/bin/chromedriver"), "chromium-driver")):
        if not os.access(path, os.X_OK):
            missing.append("%s (%s)" % (path, package))
    if importlib.util.find_spec("selenium") is None:
        missing.append("the selenium module (python3-selenium)")
    return missing


class TimedResult(unittest.TextTestResult):
    """Also keeps each test's wall time, so a run ends with its slowest tests."""

    def __init__(self, *arguments, **options):
        super().__init__(*arguments, **options)
        self.times = []

    def startTest(self, test):
        self.started = time.monotonic()
        super().startTest(test)

    def stopTest(self, test):
        super().stopTest(test)
        self.times.append((time.monotonic() - self.started, test.id()))


def main(arguments):
    if not arguments or not os.access(arguments[0], os.X_OK):
        print("usage: run.py PATH/TO/petspot [pattern…]", file=sys.stderr)
        return 64
    os.environ["PETSPOT_BINARY"] = os.path.abspath(arguments[0])
    missing = missing_tools()
    if missing:
        message = "browser tests: missing " + ", ".join(missing) + "; run bash scripts/install-deps --tests"
        if os.environ.get("CI") == "true":
            print("error: " + message, file=sys.stderr)
            return 1
        print("skipped: " + message, file=sys.stderr)
        return 0

    sys.path.insert(0, HERE)
    import support
    files = tempfile.mkdtemp(prefix="petspot-browser-")
    support.PageTest.files_directory = files
    loader = unittest.TestLoader()
    if len(arguments) > 1:
        loader.testNamePatterns = ["*%s*" % pattern for pattern in arguments[1:]]
    suite = loader.discover(HERE, pattern="test_*.py", top_level_dir=HERE)
    started = time.monotonic()
    try:
        result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout, resultclass=TimedResult).run(suite)
    finally:
        support.quit_driver()
        shutil.rmtree(files, ignore_errors=True)
    failed = len(result.failures) + len(result.errors)
    passed = result.testsRun - failed - len(result.skipped)
    print("slowest:")
    for seconds, name in sorted(result.times, reverse=True)[:8]:
        print("  %5.1f s  %s" % (seconds, name))
    print("browser tests took %.1f s" % (time.monotonic() - started))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if result.wasSuccessful() and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
