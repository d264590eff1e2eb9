// The checks of the SDK test scripts (tests/mcp/*.mjs): check() prints one line per check,
// finish() prints "N passed, N failed" and exits 0 only when every check passed (and there was one).
let passed = 0;
let failed = 0;

/// Records one check: `ok` passes it; `detail` is printed with a failure.
export function check(name, ok, detail = "") {
  if (ok) {
    passed++;
    console.log(`ok   ${name}`);
  } else {
    failed++;
    console.log(`FAIL ${name}${detail ? ": " + detail : ""}`);
  }
}

/// Resolves after `ms` milliseconds.
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/// Prints the counts and ends the process with its status.
export function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}
