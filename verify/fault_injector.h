// The fault injector behind tools/corrupt (gsolve-corrupt) and the verifier
// tests: copies a database and changes some of its records, so that tests can
// show that both verifiers find every change (DESIGN.md "Verifiers").
//
// Kinds of fault:
//   value       a non-primitive position gets another value (remoteness kept);
//   remoteness  a non-primitive position's remoteness + 2 (- 2 near the top);
//   primitive   a primitive gets a wrong record (another value, or remoteness 2);
//   mixed       a third of each.
// Positions are drawn by a seeded reservoir sample over the stored records (in
// rank order; not derived tiers nor Win in 1, which db/resolver.h answers),
// then taken greedily so that no two changed positions are parent and child
// (nor grandparent and grandchild through a derived tier, whose records are
// recomputed): a changed child could otherwise make a changed parent look
// consistent, and "every injected position is reported" would not hold
// for a correct verifier. Same input, count, kind and seed: same faults.
//
// damage_frame flips bytes in the middle of one zstd frame (one with stored
// records, none of them changed above), leaving the chunk header and offset
// table intact, so exactly that frame fails its checks; in a sparse (keyed)
// database, inside one run.
//
// Dense chunks are rewritten whole: decode every frame, change, encode_chunk,
// put back; sparse databases get their runs rewritten (db::write_runs). All in
// one LMDB write transaction: the copy stays a valid LMDB file. The meta entry
// "fault_injection" records what was done.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "src/core/record.h"

namespace gsolve::verify {

struct InjectOptions {
  std::string in, out;
  std::uint64_t count = 0;
  std::uint64_t seed = 1;
  std::string kind = "mixed";  // value | remoteness | score | primitive | mixed
  bool damage_frame = false;
  bool force = false;  // replace an existing output file
};

struct Fault {
  std::uint64_t rank = 0;  // the database index, as the verifier prints it
  std::string kind;        // value | remoteness | score | primitive
  std::string position;    // text of the canonical position
  Record old_record, new_record;
};

struct DamagedFrame {
  std::uint64_t records = 0;  // stored (known) records in the frame
  std::string where;          // "chunk T:C frame F" or "keyed run K", as the verifier names it
};

struct InjectResult {
  bool scored = false;
  bool remoteness = true;     // the database keeps it (all objectives but score)
  std::vector<Fault> faults;  // sorted by rank
  std::optional<DamagedFrame> damaged;
};

// Throws db::DbError (I/O, bad database) or std::invalid_argument (options).
InjectResult inject_faults(const InjectOptions& options);

}  // namespace gsolve::verify
