// The message of the std::runtime_error a call throws, or "" when it throws none.
#pragma once

#include <stdexcept>
#include <string>

namespace gsolve::testing {

template <class F>
std::string error_message(F&& call) {
  try {
    call();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace gsolve::testing
