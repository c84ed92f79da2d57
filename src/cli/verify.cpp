// gsolve verify: placeholder until the verifiers land (issue 3).
#include "src/cli/cli.h"

namespace gsolve::cli {
void add_verify(CLI::App& app) {
  app.add_subcommand("verify", "Check a database against the rules (not built yet)");
}
}  // namespace gsolve::cli
