// Quoting user input inside error messages: at most kMaxQuoted characters,
// control and non-ASCII bytes escaped as \xNN, so a hostile line (a megabyte,
// a terminal escape sequence) never reaches the terminal or the log as is.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gsolve {

inline constexpr std::size_t kMaxQuoted = 80;

// The text as it may appear in a message (without surrounding quotes): bytes
// outside printable ASCII and the backslash become \xNN; longer inputs are cut
// after kMaxQuoted input bytes and end in "...".
inline std::string quote_input(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  const std::size_t n = text.size() < kMaxQuoted ? text.size() : kMaxQuoted;
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (text.size() > n) out += "...";
  return out;
}

}  // namespace gsolve
