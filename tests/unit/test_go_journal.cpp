// The proof journal (src/search/go/proof_journal.h): what it answers, what it
// keeps across a kill, what damage it refuses, and a split test resumed from it.
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "games/go.h"
#include "src/search/go/proof_journal.h"
#include "src/search/go/proof_table.h"
#include "src/search/go/root_split.h"
#include "temp_dir.h"

using namespace gsolve;
using search::go::GoProver;
using search::go::ProofJournal;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

// A copy of the committed 5x5 journal (data/go/5x5-proof.journal) in `dir`:
// opening a journal locks it for writing.
std::string copy_5x5_journal(const testing::TempDir& dir) {
  const std::string path = dir.file("5x5-proof.journal");
  write(path, read(std::string(GSOLVE_DATA_DIR) + "/../../data/go/5x5-proof.journal"));
  return path;
}

// The journal holds a whole-board proof for `opening`: its mover takes every
// point, `answer` first, each of the other side's `replies` to it (one per
// symmetry class, as a split takes them) recorded lost.
void check_whole_board(const ProofJournal& journal, const Go& go, const std::string& opening, const std::string& answer,
                       std::size_t replies) {
  CAPTURE(opening);
  CHECK(journal.find(parse_go_game(go, opening), GoProver::Goal::Score, 25) == true);
  const std::string after = opening.empty() ? answer : opening + " " + answer;
  CHECK(journal.find(parse_go_game(go, after), GoProver::Goal::Score, -24) == false);
  const std::vector<GoGame> children = search::go::distinct_children(parse_go_game(go, after));
  CHECK(children.size() == replies);
  for (const GoGame& reply : children) CHECK(journal.find(reply, GoProver::Goal::Score, 25) == true);
}

}  // namespace

TEST_CASE("go journal: a record answers the lines a board symmetry maps it to, no other line") {
  const testing::TempDir dir;
  const Go go(3, 3);
  ProofJournal journal(dir.file("proof.journal"), go);
  // One board at the end; a1 is a corner and b1 an edge: no symmetry maps one line to the other.
  const GoGame a = parse_go_game(go, "a1 pass b1"), other = parse_go_game(go, "b1 pass a1");
  const GoGame turned = parse_go_game(go, "c3 pass b3");     // a turned half a turn
  const GoGame reflected = parse_go_game(go, "c3 pass c2");  // a reflected in the other diagonal
  REQUIRE(a.position() == other.position());
  journal.record(a, GoProver::Goal::Score, 1, true, 10);
  CHECK(journal.find(turned, GoProver::Goal::Score, 1) == true);
  CHECK(journal.find(reflected, GoProver::Goal::Score, 0) == true);
  CHECK_FALSE(journal.find(reflected, GoProver::Goal::Score, 2).has_value());
  CHECK_FALSE(journal.find(other, GoProver::Goal::Score, 1).has_value());
}

TEST_CASE("go journal: a record answers its threshold and the ones it implies, for its line and goal only") {
  const testing::TempDir dir;
  const std::string path = dir.file("proof.journal");
  const Go go(2, 2);
  // One board, two lines, each the other's mirror image: one game.
  const GoGame a = parse_go_game(go, "a1 pass b1"), b = parse_go_game(go, "b1 pass a1");
  REQUIRE(a.position() == b.position());
  {
    ProofJournal journal(path, go);
    CHECK(journal.size() == 0);
    journal.record(a, GoProver::Goal::Score, 3, true, 100);
    journal.record(a, GoProver::Goal::Score, 5, false, 200);
    CHECK(journal.find(a, GoProver::Goal::Score, 2) == true);
    CHECK(journal.find(a, GoProver::Goal::Score, 3) == true);
    CHECK_FALSE(journal.find(a, GoProver::Goal::Score, 4).has_value());
    CHECK(journal.find(a, GoProver::Goal::Score, 5) == false);
    CHECK(journal.find(a, GoProver::Goal::Score, 9) == false);
    CHECK_FALSE(journal.find(a, GoProver::Goal::Value, 3).has_value());
    CHECK(journal.find(b, GoProver::Goal::Score, 3) == true);
    journal.record(a, GoProver::Goal::Score, 4, false, 1);
    CHECK(journal.size() == 3);
  }
  ProofJournal again(path, go);  // a second run reads what the first wrote
  CHECK(again.size() == 3);
  CHECK(again.find(a, GoProver::Goal::Score, 3) == true);
  CHECK(again.find(a, GoProver::Goal::Score, 4) == false);
  CHECK(again.find(b, GoProver::Goal::Score, 4) == false);
  // An answer against a record is a bug (a test is exact), not a record.
  CHECK_THROWS_WITH_AS(
      again.record(a, GoProver::Goal::Score, 2, false, 1),
      ("journal " + path + ": a test's answer contradicts its record (0.0.10/4.0.00/4.0.11/c.0.00 S 2 0 1)").c_str(),
      std::logic_error);
  CHECK(again.size() == 3);
  // The format (the check: FNV-1a 64 of the text before it).
  CHECK(read(path) ==
        "gsolve go proof journal 1 go:2x2\n"
        "0.0.10/4.0.00/4.0.11/c.0.00 S 3 1 100 bfead3cca4b3fd06\n"
        "0.0.10/4.0.00/4.0.11/c.0.00 S 5 0 200 04b008a53ae8df9a\n"
        "0.0.10/4.0.00/4.0.11/c.0.00 S 4 0 1 d2dd801d9f6f3894\n");
}

TEST_CASE("go journal: a position's score bounds include what its children's records prove") {
  const testing::TempDir dir;
  const Go go(3, 3);
  ProofJournal journal(dir.file("proof.journal"), go);
  using Bounds = std::optional<std::pair<int, int>>;
  const GoGame start = parse_go_game(go, "");
  CHECK_FALSE(journal.score_bounds(start).has_value());
  // After b2 White does not reach -8: Black, who may play b2, scores at least 9.
  journal.record(parse_go_game(go, "b2"), GoProver::Goal::Score, -8, false, 1);
  CHECK(journal.score_bounds(start) == Bounds{{9, INT_MAX}});
  CHECK(journal.score_bounds(parse_go_game(go, "b2")) == Bounds{{INT_MIN, -9}});
  // An upper bound needs every move's lower bound: the pass, the centre, a
  // corner and an edge (each record stands for its images) give White at
  // least -9 everywhere, but not while one class of moves is missing.
  journal.record(parse_go_game(go, "b2"), GoProver::Goal::Score, -9, true, 1);
  journal.record(parse_go_game(go, "pass"), GoProver::Goal::Score, -5, true, 1);
  journal.record(parse_go_game(go, "a1"), GoProver::Goal::Score, -9, true, 1);
  CHECK(journal.score_bounds(start) == Bounds{{9, INT_MAX}});
  journal.record(parse_go_game(go, "b1"), GoProver::Goal::Score, 0, true, 1);
  CHECK(journal.score_bounds(start) == Bounds{{9, 9}});  // the best of 9 (b2, a1), 5 (pass), 0 (b1)
  // No record of the line or of a child: no bounds.
  CHECK_FALSE(journal.score_bounds(parse_go_game(go, "a1 b2")).has_value());
}

TEST_CASE("go journal: a torn last record is dropped; damage, other rules and a second writer are refused") {
  const testing::TempDir dir;
  const std::string path = dir.file("proof.journal");
  const Go go(2, 2);
  const GoGame a = parse_go_game(go, "a1");
  {
    ProofJournal journal(path, go);
    journal.record(a, GoProver::Goal::Score, 1, true, 10);
    // One writer at a time (the lock is the open file's: a second open in
    // this process is refused as another process's would be).
    CHECK_THROWS_WITH_AS(ProofJournal(path, go),
                         ("journal " + path + ": another gsolve is writing it (the file is locked)").c_str(),
                         std::runtime_error);
  }
  const std::string whole = read(path);
  write(path, whole + "0.0.10/4.0.00 S 7 0 12");  // killed while writing a record
  {
    ProofJournal journal(path, go);
    CHECK(journal.size() == 1);
    CHECK(read(path) == whole);  // the torn line is gone: the next record starts a line
    journal.record(a, GoProver::Goal::Value, 2, false, 20);
  }
  CHECK(ProofJournal(path, go).size() == 2);

  std::string damaged = whole;
  damaged[damaged.find(" S 1 ") + 3] = '2';  // "holds for 1" becomes "holds for 2"
  write(path, damaged);
  CHECK_THROWS_WITH_AS(ProofJournal(path, go),
                       ("journal " + path + ": line 2 is damaged (its check does not match)").c_str(),
                       std::runtime_error);
  write(path, whole.substr(0, whole.size() - 5) + "\n");  // a check cut short
  CHECK_THROWS_WITH_AS(ProofJournal(path, go), ("journal " + path + ": line 2 is damaged (no check)").c_str(),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(
      ProofJournal(path, Go(3, 3)),
      ("journal " + path + ": not a journal of go:3x3 (its first line is \"gsolve go proof journal 1 go:2x2\")")
          .c_str(),
      std::runtime_error);
  write(path, "SQLite format 3");  // another file, no line yet: left as it is
  CHECK_THROWS_WITH_AS(ProofJournal(path, go),
                       ("journal " + path + ": not a journal (it has no complete line)").c_str(), std::runtime_error);
  CHECK(read(path) == "SQLite format 3");
}

TEST_CASE("go journal: a split test killed after some children closed resumes with them") {
  // One prover on 4x4 after b3 (Black's best move: White scores -2), cut
  // at the root after 4096 expansions alone: "White scores -1" fails, so
  // every child's test ("Black scores 2") holds, each recorded. Run again
  // over the journal without the root's record (killed after the last
  // child's test closed, before the root's was written), a fresh prover
  // takes every child's answer from it and spends nothing; without the last
  // child's record too it spends only its try alone.
  const testing::TempDir dir;
  const std::string path = dir.file("proof.journal");
  const Go go(4, 4);
  const GoGame after_b3 = parse_go_game(go, "b3");
  const std::size_t children = search::go::distinct_children(after_b3).size();
  // "White scores -1" after b3 by one fresh prover over the journal at
  // `path`, cut after 4096 expansions alone; its expansions.
  const auto split_alone = [&](const search::go::SplitProgress& progress) {
    ProofJournal journal(path, go);
    GoProver prover(go, std::size_t{16} << 20);
    GoProver* const one = &prover;
    CHECK_FALSE(search::go::split_at_least(std::span<GoProver* const>(&one, 1), after_b3, GoProver::Goal::Score, -1,
                                           progress, 4096, search::go::kCutPlies, &journal));
    return prover.nodes();
  };
  std::uint64_t alone = 0;  // the first run's try alone: its expansions not in a child's test
  {
    std::uint64_t in_children = 0;
    const std::uint64_t nodes = split_alone([&](const search::go::SplitReport& r) {
      CHECK_FALSE(r.journaled);
      in_children += r.nodes;
    });
    const ProofJournal journal(path, go);
    alone = nodes - in_children;
    CHECK(alone >= 4096);
    CHECK(journal.size() > children);  // the root, its children, and theirs where cut again
    CHECK(journal.find(after_b3, GoProver::Goal::Score, -1) == false);
  }
  const std::string whole = read(path);
  const std::string last = whole.substr(whole.rfind('\n', whole.size() - 2) + 1);
  REQUIRE(last.starts_with("0.0.10/"));
  CHECK(last.find(" S -1 0 ") != std::string::npos);  // the root's record came last
  const std::string without_root = whole.substr(0, whole.size() - last.size());
  const std::string last_child = without_root.substr(without_root.rfind('\n', without_root.size() - 2) + 1);
  REQUIRE(last_child.find(" S 2 1 ") != std::string::npos);  // a child's "Black scores 2" held
  write(path, without_root.substr(0, without_root.size() - last_child.size()));
  {
    std::size_t reports = 0, journaled = 0;
    std::uint64_t tested = 0;  // the unrecorded child's test
    const std::uint64_t nodes = split_alone([&](const search::go::SplitReport& r) {
      CHECK(r.holds);
      if (r.journaled) {
        CHECK(r.nodes == 0);
        ++journaled;
      } else {
        tested += r.nodes;
      }
      ++reports;
    });
    CHECK(reports == children);
    CHECK(journaled == children - 1);
    CHECK(nodes == alone + tested);  // the same try alone, the journal's answers and one test
  }
  write(path, without_root);
  CHECK(split_alone({}) == 0);  // every child recorded holding answers before the try alone
  CHECK(split_alone({}) == 0);  // the root's record again
  ProofJournal journal(path, go);
  // The empty board: b3 recorded failing White's goal answers "Black
  // scores 2" before any test (with threads too).
  const GoGame empty(go);
  const auto table = std::make_shared<search::go::ProofTable>(std::size_t{16} << 20, true);
  std::vector<std::unique_ptr<GoProver>> two;
  for (int k = 0; k < 2; ++k) two.push_back(std::make_unique<GoProver>(go, table));
  std::size_t reports = 0;
  CHECK(search::go::split_at_least(
      two, empty, GoProver::Goal::Score, 2, [&](const search::go::SplitReport&) { ++reports; }, 0,
      search::go::kCutPlies, &journal));
  CHECK(reports == 0);
  CHECK(two[0]->nodes() + two[1]->nodes() == 0);
  CHECK(journal.find(empty, GoProver::Goal::Score, 2) == true);  // recorded in turn
}

TEST_CASE("go journal: the 5x5 proof (data/go/5x5-proof.journal) opens whole and proves +25") {
  // tools/go5x5_proof.sh resumes from this committed file: every record must
  // pass its check and agree with the others. The proof is finished: Black
  // takes every point from the empty board, c3 first, and each of White's
  // six replies to c3 is recorded lost for White.
  const testing::TempDir dir;
  const std::string path = copy_5x5_journal(dir);
  const std::string text = read(path);
  REQUIRE(text.starts_with("gsolve go proof journal 1 go:5x5\n"));
  REQUIRE(text.ends_with("\n"));
  const Go go(5, 5);
  const ProofJournal journal(path, go);
  CHECK(journal.size() == static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) - 1);
  check_whole_board(journal, go, "", "c3", 6);
}

TEST_CASE("go journal: after Black's pass, a1, b1 or c1 White takes every point (data/go/5x5-proof.journal)") {
  // Those openings are worth -25 to Black: White's c3, then each of Black's
  // replies (six after the pass, as in the proof with the colours swapped,
  // komi 0; fourteen after a1 and after c1, whose lines are symmetric;
  // twenty-four after b1). The journal keeps the records of those proofs'
  // lines up to six moves long.
  const testing::TempDir dir;
  const Go go(5, 5);
  const ProofJournal journal(copy_5x5_journal(dir), go);
  check_whole_board(journal, go, "pass", "c3", 6);
  check_whole_board(journal, go, "a1", "c3", 14);
  check_whole_board(journal, go, "b1", "c3", 24);
  check_whole_board(journal, go, "c1", "c3", 14);
  // Through the board's symmetries those records answer every opening on
  // the edge; b2, c2 and their images are not proven.
  for (const char* edge :
       {"a1", "b1", "c1", "d1", "e1", "e2", "e3", "e4", "e5", "d5", "c5", "b5", "a5", "a4", "a3", "a2"}) {
    CAPTURE(edge);
    CHECK(journal.find(parse_go_game(go, edge), GoProver::Goal::Score, 25) == true);
  }
  for (const char* inner : {"b2", "d2", "b4", "d4"}) {
    CAPTURE(inner);
    CHECK_FALSE(journal.find(parse_go_game(go, inner), GoProver::Goal::Score, 25).has_value());
  }
  // c2 and its images are recorded at least 3 for Black: White's 25 fails.
  for (const char* inner : {"c2", "b3", "d3", "c4"}) {
    CAPTURE(inner);
    CHECK(journal.find(parse_go_game(go, inner), GoProver::Goal::Score, 25) == false);
  }
}

TEST_CASE(
    "go journal: c2's probe: Black scores at least 3 after c2 (d3 against c3, c3 against b1, b2, b3; 18 whole-board "
    "replies) (data/go/5x5-proof.journal)") {
  // "After c2 and White's c3, does Black score at least 3?" (the published
  // c2 = +3): Black's c4 and a4 were refuted by White's b3 and b4, and
  // Black's d3 holds against each of White's replies (c2's probe, in three
  // runs); the journal keeps those records.
  const testing::TempDir dir;
  const Go go(5, 5);
  const ProofJournal journal(copy_5x5_journal(dir), go);
  CHECK(journal.find(parse_go_game(go, "c2 c3 c4"), GoProver::Goal::Score, -2) == true);
  CHECK(journal.find(parse_go_game(go, "c2 c3 c4 b3"), GoProver::Goal::Score, 3) == false);
  CHECK(journal.find(parse_go_game(go, "c2 c3 a4"), GoProver::Goal::Score, -2) == true);
  CHECK(journal.find(parse_go_game(go, "c2 c3 a4 b4"), GoProver::Goal::Score, 3) == false);
  CHECK(journal.find(parse_go_game(go, "c2 c3 d3"), GoProver::Goal::Score, -2) == false);
  CHECK(journal.find(parse_go_game(go, "c2 c3 d3 d2"), GoProver::Goal::Score, 3) == true);
  CHECK(journal.find(parse_go_game(go, "c2 c3 b3"), GoProver::Goal::Score, -2) == false);  // d3's mirror image
  // The score bounds those records prove (query prints them after a stop).
  using Bounds = std::optional<std::pair<int, int>>;
  CHECK(journal.score_bounds(parse_go_game(go, "c2 c3 d3")) == Bounds{{-3, -3}});  // Black's d3 scores 3
  CHECK(journal.score_bounds(parse_go_game(go, "c2 c3 b3")) == Bounds{{-3, -3}});
  CHECK(journal.score_bounds(parse_go_game(go, "c2 c3 c4")) == Bounds{{-2, INT_MAX}});
  CHECK(journal.score_bounds(parse_go_game(go, "")) == Bounds{{25, INT_MAX}});
  CHECK(journal.score_bounds(parse_go_game(go, "a1")) == Bounds{{25, INT_MAX}});  // White to move
  CHECK_FALSE(journal.score_bounds(parse_go_game(go, "b2")).has_value());
  // After c2, eighteen of White's replies give Black the whole board (tests
  // at 25, far cheaper than at 3), each with its mirror image; b1, b2, b3
  // (and d1, d2, d3) are open, and c3 is answered by d3 above.
  for (const char* reply :
       {"a1", "e1", "c1", "a2", "e2", "a3", "e3", "a4", "e4", "b4", "d4", "c4", "a5", "e5", "b5", "d5", "c5", "pass"}) {
    CAPTURE(reply);
    CHECK(journal.find(parse_go_game(go, std::string("c2 ") + reply), GoProver::Goal::Score, 25) == true);
  }
  for (const char* reply : {"b1", "d1", "b2", "d2", "b3", "d3"}) {
    CAPTURE(reply);
    CHECK_FALSE(journal.find(parse_go_game(go, std::string("c2 ") + reply), GoProver::Goal::Score, 3).has_value());
  }
  // After c2 b1 the test at 3 took Black's e4 first: eight of White's
  // replies to it (a 4,200 s run) hold Black to no less than 3, d3 the
  // largest (889M expansions); the others are open.
  CHECK(journal.find(parse_go_game(go, "c2 b1 e4 d3"), GoProver::Goal::Score, 3) == true);
  CHECK(journal.find(parse_go_game(go, "c2 d1 a4 b3"), GoProver::Goal::Score, 3) == true);  // its mirror image
  CHECK_FALSE(journal.find(parse_go_game(go, "c2 b1 e4"), GoProver::Goal::Score, -2).has_value());
  // With the predicted move first at a middle threshold the test takes
  // Black's c1 instead, where the whole-board records answer fourteen of
  // White's replies; a run of 840 s closed e2, b3, d5 and a1 at 3 besides.
  for (const char* reply : {"e2", "b3", "d5", "a1"}) {
    CAPTURE(reply);
    CHECK(journal.find(parse_go_game(go, std::string("c2 b1 c1 ") + reply), GoProver::Goal::Score, 3) == true);
  }
  CHECK_FALSE(journal.find(parse_go_game(go, "c2 b1 c1"), GoProver::Goal::Score, -2).has_value());
  // But White's b2 refutes Black's b3, d3 and e5 after c1, while Black's c3
  // (the centre) scores at least 3 against every White reply, after b1 and
  // after b2 alike (and their mirror images d1 and d2).
  for (const char* move : {"b3", "d3", "e5"}) {
    CAPTURE(move);
    CHECK(journal.find(parse_go_game(go, std::string("c2 b1 c1 b2 ") + move), GoProver::Goal::Score, -2) == true);
  }
  for (const char* reply : {"b1", "d1", "b2", "d2", "b3", "d3"}) {
    CAPTURE(reply);
    CHECK(journal.find(parse_go_game(go, std::string("c2 ") + reply + " c3"), GoProver::Goal::Score, -2) == false);
    CHECK(journal.score_bounds(parse_go_game(go, std::string("c2 ") + reply)) == Bounds{{3, INT_MAX}});
  }
  // So every White reply is answered, and the test after c2 is recorded:
  // White does not hold Black under 3.
  CHECK(journal.find(parse_go_game(go, "c2"), GoProver::Goal::Score, -2) == false);
  CHECK(journal.score_bounds(parse_go_game(go, "c2")) == Bounds{{INT_MIN, -3}});
  // "Black under 4 after c2 c3": White holds Black to 3 after Black's c5,
  // b4 and d4 (b4's image), a5, b5, a3, a2, a1, b1, the pass and their
  // mirror images, and d3 and b3 score exactly 3 (b2, d2 and c1 are open).
  for (const char* move :
       {"c5", "b4", "d4", "d3", "b3", "a5", "e5", "b5", "d5", "a3", "e3", "a2", "e2", "a1", "e1", "b1", "d1", "pass"}) {
    CAPTURE(move);
    CHECK(journal.find(parse_go_game(go, std::string("c2 c3 ") + move), GoProver::Goal::Score, -3) == true);
  }
}
