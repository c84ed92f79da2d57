// Under the sanitizers (5-10x slower; tests/CMakeLists.txt defines
// GSOLVE_SANITIZED there) the heaviest sample-driven cases check fewer
// samples, for CI's time budget: every path they reach still runs, on fewer
// inputs, and the Release stage checks every sample.
#pragma once

namespace gsolve::testing {

#ifdef GSOLVE_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// `full` samples in a Release build, `light` under the sanitizers.
constexpr int samples(int full, int light) { return kSanitized ? light : full; }

}  // namespace gsolve::testing
