// Numeric command-line options with a range, checked on the text as typed,
// before CLI11 converts it: "-5" for an unsigned option is out of range, never
// 2^64 - 5. A bad value gives one short line, e.g.
//   --threads: expected an integer 0..1024, got '-1'
// (CLI11 prefixes the option name) and exit 2, as every usage error.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

#include "games/input_quote.h"

namespace gsolve::cli {

// Upper bounds shared by the subcommands.
inline constexpr int kMaxThreads = 1024;                           // a thread costs a stack: keep it sane
inline constexpr std::int64_t kMaxHashMb = std::int64_t{1} << 20;  // 1 TiB of table
inline constexpr double kMaxSeconds = 1e9;                         // ~31 years

// The integer written in `text` (decimal, optional leading '-'), or false if
// the text is not one (or does not fit in 64 bits).
inline bool parse_integer(const std::string& text, bool& negative, std::uint64_t& magnitude) {
  negative = !text.empty() && text[0] == '-';
  const char* begin = text.data() + (negative ? 1 : 0);
  const char* end = text.data() + text.size();
  if (begin == end || *begin < '0' || *begin > '9') return false;
  const auto [ptr, ec] = std::from_chars(begin, end, magnitude);
  return ec == std::errc{} && ptr == end;
}

// A validator for integers lo..hi, lo and hi as the option's type allows.
template <class T>
CLI::Validator integer_range(T lo, T hi) {
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        bool negative = false;
        std::uint64_t magnitude = 0;
        if (parse_integer(text, negative, magnitude)) {
          const __int128 v = negative ? -static_cast<__int128>(magnitude) : static_cast<__int128>(magnitude);
          if (v >= static_cast<__int128>(lo) && v <= static_cast<__int128>(hi)) return {};
        }
        return "expected an integer " + range + ", got '" + quote_input(text) + "'";
      },
      range);
}

// An integer option lo..hi: the one way the subcommands declare them.
template <class T>
CLI::Option* add_integer_option(CLI::App* cmd, const std::string& name, T& value, T lo, T hi, const std::string& help) {
  return cmd->add_option(name, value, help)->check(integer_range<T>(lo, hi));
}

// A number of seconds: > 0 and at most kMaxSeconds.
inline CLI::Option* add_seconds_option(CLI::App* cmd, const std::string& name, double& value, const std::string& help) {
  return cmd->add_option(name, value, help)
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            if (!text.empty() && end == text.c_str() + text.size() && std::isfinite(v) && v > 0 && v <= kMaxSeconds)
              return {};
            return "expected seconds > 0, got '" + quote_input(text) + "'";
          },
          "SECONDS > 0"));
}

// --threads N: 1..kMaxThreads, or 0 for every core (said in the help text).
inline CLI::Option* add_threads_option(CLI::App* cmd, int& value, const std::string& default_text) {
  return add_integer_option(cmd, "--threads", value, 0, kMaxThreads,
                            "Worker threads, 0 = all cores (default " + default_text + ")");
}

// The thread count an option value asks for: 0 means every core.
int thread_count(int option_value);

// A memory size: digits with an optional K, M, G or T suffix (powers of 1024),
// e.g. 512M, 8G; false if the text is not one (or is 0).
bool parse_size(const std::string& text, std::uint64_t& bytes);

// An option holding a memory size (parse_size), stored in bytes.
inline CLI::Option* add_size_option(CLI::App* cmd, const std::string& name, std::uint64_t& bytes,
                                    const std::string& help) {
  return cmd
      ->add_option_function<std::string>(
          name, [&bytes](const std::string& text) { parse_size(text, bytes); }, help)
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            std::uint64_t b = 0;
            if (parse_size(text, b)) return {};
            return "expected a size such as 512M or 8G, got '" + quote_input(text) + "'";
          },
          "SIZE"));
}

}  // namespace gsolve::cli
