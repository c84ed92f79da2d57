// Quoting input in messages (games/input_quote.h) and the integer option
// ranges (src/cli/option_ranges.h): the pieces every error message uses.
#include <doctest/doctest.h>

#include <string>

#include "games/connect4.h"
#include "games/input_quote.h"
#include "src/cli/option_ranges.h"

using namespace gsolve;

TEST_CASE("quote_input: control bytes escaped, at most 80 characters") {
  CHECK(quote_input("12x") == "12x");
  CHECK(quote_input(std::string("a\x1b[2J\n\\\xff", 8)) == "a\\x1b[2J\\x0a\\x5c\\xff");
  CHECK(quote_input(std::string("\0", 1)) == "\\x00");
  const std::string long_text(200, 'X');
  CHECK(quote_input(long_text) == std::string(80, 'X') + "...");
  CHECK(quote_input(std::string(80, 'X')) == std::string(80, 'X'));
}

TEST_CASE("integer_range: checks the text before any conversion") {
  auto check = [](CLI::Validator v, std::string text) { return v(text); };
  const auto threads = cli::integer_range<int>(0, 1024);
  CHECK(check(threads, "0") == "");
  CHECK(check(threads, "1024") == "");
  CHECK(check(threads, "1025") == "expected an integer 0..1024, got '1025'");
  CHECK(check(threads, "-1") == "expected an integer 0..1024, got '-1'");
  CHECK(check(threads, "") == "expected an integer 0..1024, got ''");
  CHECK(check(threads, "3 ") == "expected an integer 0..1024, got '3 '");
  CHECK(check(threads, "+3") == "expected an integer 0..1024, got '+3'");
  const auto seed = cli::integer_range<std::uint64_t>(0, ~std::uint64_t{0});
  CHECK(check(seed, "18446744073709551615") == "");
  CHECK(check(seed, "18446744073709551616") ==
        "expected an integer 0..18446744073709551615, got '18446744073709551616'");
  CHECK(check(seed, "-0") == "");
  CHECK(check(seed, "-5") == "expected an integer 0..18446744073709551615, got '-5'");
  const auto split = cli::integer_range<int>(-1, 64);
  CHECK(check(split, "-1") == "");
  CHECK(check(split, "-2") == "expected an integer -1..64, got '-2'");
  CHECK(check(split, "-9223372036854775809") == "expected an integer -1..64, got '-9223372036854775809'");
}

TEST_CASE("connect4: wide boards name columns as they are typed") {
  const Connect4 ten(10, 4), twelve(12, 4), nine(9, 4);
  CHECK_THROWS_WITH_AS(ten.parse("1c"), "column c at move 2 is outside 1..9, a", ParseError);
  CHECK_THROWS_WITH_AS(twelve.parse("A"), "bad character 'A' at move 1 (expected a column 1..9, a..c)", ParseError);
  CHECK_THROWS_WITH_AS(nine.parse("a"), "bad character 'a' at move 1 (expected a column 1..9)", ParseError);
  CHECK_THROWS_WITH_AS(twelve.parse("aaaaa"), "column a is full at move 5", ParseError);
  CHECK_THROWS_WITH_AS(twelve.parse("\x01"), "bad character '\\x01' at move 1 (expected a column 1..9, a..c)",
                       ParseError);
}
