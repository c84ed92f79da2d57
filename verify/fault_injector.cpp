#include "verify/fault_injector.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <stdexcept>
#include <unordered_set>

#include "db/contents.h"
#include "db/keyed_runs.h"
#include "db/resolver.h"
#include "db/tier_io.h"
#include "games/registry.h"
#include "src/core/bitmap.h"
#include "src/core/progress.h"
#include "src/retrograde/discovery.h"
#include "verify/record_store.h"

namespace gsolve::verify {
namespace {

// Algorithm R over a stream of ranks: a uniform sample of `capacity` of them,
// the same for the same stream and generator.
struct Reservoir {
  explicit Reservoir(std::size_t c) : capacity(c) {}
  std::size_t capacity = 0;
  std::uint64_t seen = 0;
  std::vector<std::uint64_t> items;
  void offer(std::uint64_t rank, std::mt19937_64& rng) {
    if (capacity == 0) return;
    if (items.size() < capacity)
      items.push_back(rank);
    else if (const std::uint64_t j = rng() % (seen + 1); j < capacity)
      items[j] = rank;
    ++seen;
  }
};

void check(int rc, const std::string& what) {
  if (rc != MDB_SUCCESS) throw db::DbError(what + ": " + mdb_strerror(rc));
}

std::uint64_t from_key(const MDB_val& k) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < 8 && i < k.mv_size; ++i) v = v << 8 | static_cast<const unsigned char*>(k.mv_data)[i];
  return v;
}

// The records of a database in rank order, and the units a byte flip can
// damage: a zstd frame of a dense chunk, or a keyed run.
//
// Dense databases: only the reachable canonical ranks (`reached`, by
// discovery) count as stored. A connect4 database stores copies of nearby
// records at the other ranks (db/chunk.h, fill_unknown): changing one of
// those would be no fault at all, and counting them would overstate what a
// damaged frame holds.
class Records {
 public:
  Records(db::Database& db, const db::Contents& c, std::vector<Bitmap> reached)
      : db_(db), c_(c), keyed_(c.addressing == "keyed"), reached_(std::move(reached)) {}
  bool keyed() const { return keyed_; }

  // f(rank, record, unit) for every stored record, in rank order.
  template <class F>
  void for_each(F&& f) {
    if (keyed_) {
      load_keyed();
      for (std::size_t i = 0; i < keyed_records_.size(); ++i) {
        const auto [rank, record] = keyed_records_[i];
        if (record & 7) f(rank, record, run_of(rank));
      }
      return;
    }
    std::uint64_t frame_base = 0;
    for (std::size_t t = 0; t + 1 < c_.tiers.size(); ++t) {
      const std::uint64_t begin = c_.tiers[t], size = c_.tiers[t + 1] - begin;
      const auto records = db::read_tier(db_, static_cast<std::uint32_t>(t), size, c_.layout);
      for (std::uint64_t i = 0; i < records.size(); ++i)
        if ((records[i] & 7) && reached_[t].test(i)) f(begin + i, records[i], frame_base + i / c_.layout.frame_records);
      frame_base += (size + c_.layout.frame_records - 1) / c_.layout.frame_records;
    }
  }

  // Rewrites the records at the given ranks (rank -> new record); returns the old ones.
  std::map<std::uint64_t, PackedRecord> rewrite(db::WriteTxn& txn,
                                                const std::map<std::uint64_t, PackedRecord>& changes) {
    std::map<std::uint64_t, PackedRecord> old;
    if (keyed_) {
      load_keyed();
      for (auto& [rank, record] : keyed_records_)
        if (const auto it = changes.find(rank); it != changes.end()) {
          old[rank] = record;
          record = it->second;
        }
      db::write_runs(txn, keyed_records_, 6);
      runs_.clear();  // the runs are cut anew
      return old;
    }
    // Dense: each affected chunk decoded whole, changed, encoded, put back.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint64_t>> by_chunk;
    for (const auto& [rank, record] : changes) {
      const auto t = tier_of(rank);
      by_chunk[{t, static_cast<std::uint32_t>((rank - c_.tiers[t]) / c_.layout.chunk_records())}].push_back(rank);
    }
    ZSTD_CCtx* cctx = db::new_cctx();
    for (const auto& [id, ranks] : by_chunk) {
      auto records = read_chunk(id.first, id.second);
      const std::uint64_t first = c_.tiers[id.first] + std::uint64_t{id.second} * c_.layout.chunk_records();
      for (const auto rank : ranks) {
        old[rank] = records.at(rank - first);
        records[rank - first] = changes.at(rank);
      }
      const std::string blob = db::encode_chunk(records, c_.layout, cctx, 6);
      txn.put_chunk(id.first, id.second, blob);
      rewritten_[id] = blob;
    }
    ZSTD_freeCCtx(cctx);
    return old;
  }

  // Flips bytes inside damage unit `unit` until it fails its checks (alone);
  // names it as the verifier will.
  std::string damage(db::WriteTxn& txn, std::uint64_t unit) {
    ZSTD_DCtx* dctx = db::new_dctx();
    std::string where;
    bool damaged = false;
    if (keyed_) {
      // Runs as written now (rewrite() may have cut them anew).
      if (runs_.empty()) read_run_keys(txn);
      const std::uint64_t key = runs_.at(unit);
      const std::string k = db::key_bytes(key);
      MDB_val kv{k.size(), const_cast<char*>(k.data())}, v;
      check(mdb_get(txn.raw(), db_.keyed_dbi(), &kv, &v), db_.path());
      std::string blob(static_cast<const char*>(v.mv_data), v.mv_size);
      std::vector<db::RankedRecord> out;
      for (std::size_t at = blob.size() / 2; at < blob.size() && !damaged; at += 4) {
        blob[at] = static_cast<char>(blob[at] ^ 0x5A);
        damaged = !db::decode_run(blob, dctx, out);
      }
      MDB_val nv{blob.size(), blob.data()};
      check(mdb_put(txn.raw(), db_.keyed_dbi(), &kv, &nv, 0), db_.path());
      where = fmt::format("keyed run {:016x}", key);
    } else {
      std::uint64_t base = 0;
      std::uint32_t t = 0;
      for (;; ++t) {
        const std::uint64_t frames =
            (c_.tiers[t + 1] - c_.tiers[t] + c_.layout.frame_records - 1) / c_.layout.frame_records;
        if (unit < base + frames) break;
        base += frames;
      }
      const std::uint64_t in_tier = unit - base;
      const auto chunk = static_cast<std::uint32_t>(in_tier / c_.layout.frames_per_chunk);
      const auto frame = static_cast<std::uint32_t>(in_tier % c_.layout.frames_per_chunk);
      std::string blob = rewritten_.count({t, chunk}) ? rewritten_[{t, chunk}] : raw_chunk(t, chunk);
      // The frame's compressed bytes: after the 20-byte header and the offset table.
      std::uint32_t nframes = 0, nrecords = 0;
      db::chunk_header(blob, nframes, nrecords);
      const std::size_t data = 20 + 4 * (std::size_t{nframes} + 1);
      std::uint32_t from = 0, to = 0;
      std::memcpy(&from, blob.data() + 20 + 4 * frame, 4);
      std::memcpy(&to, blob.data() + 20 + 4 * (frame + 1), 4);
      std::vector<PackedRecord> out(c_.layout.frame_records);
      // From the middle on, until the frame fails (zstd's checksum: the first flip, in practice).
      for (std::size_t at = data + from + (to - from) / 2; at < data + to && !damaged; at += 4) {
        blob[at] = static_cast<char>(blob[at] ^ 0x5A);
        std::uint32_t got = 0;
        damaged = db::decode_frame(blob, frame, c_.layout, dctx, out, got) == db::FrameStatus::damaged;
      }
      for (std::uint32_t f = 0; damaged && f < nframes; ++f) {  // the other frames still read
        std::uint32_t got = 0;
        if (f != frame && db::decode_frame(blob, f, c_.layout, dctx, out, got) != db::FrameStatus::ok) damaged = false;
      }
      txn.put_chunk(t, chunk, blob);
      where = fmt::format("chunk {}:{} frame {}", t, chunk, frame);
    }
    ZSTD_freeDCtx(dctx);
    if (!damaged) throw std::runtime_error("could not damage " + where + " on its own");
    return where;
  }

 private:
  std::uint32_t tier_of(std::uint64_t rank) const {
    return static_cast<std::uint32_t>(std::upper_bound(c_.tiers.begin(), c_.tiers.end(), rank) - c_.tiers.begin() - 1);
  }
  std::uint64_t run_of(std::uint64_t rank) const {
    return static_cast<std::uint64_t>(std::upper_bound(runs_.begin(), runs_.end(), rank) - runs_.begin()) - 1;
  }
  void load_keyed() {
    if (!keyed_records_.empty()) return;
    KeyedStore store(db_, c_);  // throws nothing for damaged runs: they are left out
    if (store.damaged_runs()) throw db::DbError(db_.path() + ": has damaged keyed runs");
    keyed_records_ = store.all();
    MDB_txn* txn = nullptr;
    check(mdb_txn_begin(db_.env(), nullptr, MDB_RDONLY, &txn), db_.path());
    read_keys(txn);
    mdb_txn_abort(txn);
  }
  void read_run_keys(db::WriteTxn& txn) { read_keys(txn.raw()); }
  void read_keys(MDB_txn* txn) {
    runs_.clear();
    MDB_cursor* cur = nullptr;
    check(mdb_cursor_open(txn, db_.keyed_dbi(), &cur), db_.path());
    MDB_val k, v;
    int rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST);
    for (; rc == MDB_SUCCESS; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) runs_.push_back(from_key(k));
    mdb_cursor_close(cur);
    db::check_end_of_data(rc, db_.path() + ": keyed table");
  }
  std::vector<PackedRecord> read_chunk(std::uint32_t tier, std::uint32_t chunk) {
    db::ChunkReader reader(db_);
    const auto blob = reader.chunk(tier, chunk);
    std::uint32_t frames = 0, count = 0;
    if (!blob || !db::chunk_header(*blob, frames, count))
      throw db::DbError(db_.path() + fmt::format(": chunk {}:{} is missing or damaged", tier, chunk));
    std::vector<PackedRecord> records(count), frame(c_.layout.frame_records);
    for (std::uint32_t f = 0; f < frames; ++f) {
      std::uint32_t got = 0;
      if (db::decode_frame(*blob, f, c_.layout, reader.dctx(), frame, got) != db::FrameStatus::ok)
        throw db::DbError(db_.path() + fmt::format(": chunk {}:{} frame {} is damaged", tier, chunk, f));
      std::copy_n(frame.begin(), got, records.begin() + std::uint64_t{f} * c_.layout.frame_records);
    }
    return records;
  }
  std::string raw_chunk(std::uint32_t tier, std::uint32_t chunk) {
    db::ChunkReader reader(db_);
    const auto blob = reader.chunk(tier, chunk);
    if (!blob) throw db::DbError(db_.path() + fmt::format(": chunk {}:{} is missing", tier, chunk));
    return std::string(*blob);
  }

  db::Database& db_;
  const db::Contents& c_;
  bool keyed_;
  std::vector<db::RankedRecord> keyed_records_;
  std::vector<std::uint64_t> runs_;  // keyed: every run's first rank
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::string> rewritten_;
  std::vector<Bitmap> reached_;  // dense: per tier, the reachable canonical local ranks
};

Value other_value(Value v, bool loopy, std::mt19937_64& rng) {
  std::vector<Value> choices;
  for (Value w : {Value::Win, Value::Lose, Value::Tie, Value::Draw})
    if (w != v && (loopy || w != Value::Draw)) choices.push_back(w);
  return choices[rng() % choices.size()];
}

std::uint16_t other_remoteness(std::uint16_t r) {
  return static_cast<std::uint16_t>(r + 2 <= kMaxRemoteness ? r + 2 : r - 2);
}

}  // namespace

InjectResult inject_faults(const InjectOptions& o) {
  if (o.kind != "value" && o.kind != "remoteness" && o.kind != "score" && o.kind != "primitive" && o.kind != "mixed")
    throw std::invalid_argument("--kind must be value, remoteness, score, primitive or mixed, not '" + o.kind + "'");
  if (o.count == 0 && !o.damage_frame) throw std::invalid_argument("nothing to do: give --count N or --damage-frame");
  {
    auto in = db::Database::open(o.in, db::Database::Mode::read);  // a clear error for a bad input
    db::Contents::read(*in);
  }
  namespace fs = std::filesystem;
  if (fs::exists(o.out)) {
    if (!o.force) throw db::DbError(o.out + ": already exists (--force replaces it)");
    fs::remove(o.out);
    fs::remove(o.out + "-lock");
  }
  fs::copy_file(o.in, o.out);

  auto database = db::Database::open(o.out, db::Database::Mode::write);
  const auto contents = db::Contents::read(*database);
  InjectResult result;
  result.scored = contents.scored;
  result.remoteness = contents.remoteness;

  with_game(contents.game, [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    std::mt19937_64 rng(o.seed);
    std::vector<Bitmap> reached;
    if (contents.addressing != "keyed") {
      if (!g.has_rank()) throw db::DbError(o.in + ": " + g.spec() + " has no dense rank");
      bool same_tiers = contents.tiers.size() == static_cast<std::size_t>(g.tier_count()) + 1;
      for (int t = 0; same_tiers && t <= g.tier_count(); ++t) same_tiers = contents.tiers[t] == g.tier_begin(t);
      if (!same_tiers) throw db::DbError(o.in + ": its rank layout differs from this gsolve's rules for " + g.spec());
      Progress quiet(false);
      reached = discover(g, quiet);
    }
    Records store(*database, contents, std::move(reached));

    // How many faults of which kind.
    std::uint64_t want_value = 0, want_remoteness = 0, want_score = 0, want_primitive = 0;
    if (o.kind == "value") want_value = o.count;
    if (o.kind == "remoteness") want_remoteness = o.count;
    if (o.kind == "score") {
      if (!contents.scored) throw std::invalid_argument(o.in + ": --kind score: the database keeps no score");
      want_score = o.count;
    }
    if (o.kind == "primitive") want_primitive = o.count;
    if (o.kind == "mixed") {
      want_value = (o.count + 2) / 3;
      want_remoteness = (o.count + 1) / 3;
      want_primitive = o.count / 3;
    }
    if (!contents.remoteness) {  // objective score: no remoteness to change, its share goes to values
      if (o.kind == "remoteness")
        throw std::invalid_argument(o.in + ": --kind remoteness: the database keeps no remoteness (objective score)");
      want_value += want_remoteness;
      want_remoteness = 0;
    }
    const std::uint64_t want_inner = want_value + want_remoteness + want_score;
    Reservoir inner(static_cast<std::size_t>(want_inner ? 4 * want_inner + 16 : 0));
    Reservoir primitive(static_cast<std::size_t>(want_primitive ? 4 * want_primitive + 16 : 0));
    std::map<std::uint64_t, std::uint64_t> unit_records;  // damage unit -> stored records in it
    std::map<std::uint64_t, std::uint64_t> unit_of_rank;  // for the sampled ranks

    // One pass over the stored records in rank order.
    store.for_each([&](std::uint64_t rank, PackedRecord, std::uint64_t unit) {
      // A Win in 1 that the database leaves to the rules holds a filler, no record.
      if (contents.layout.win_in_1) {
        const auto p = g.unrank(rank);
        if (!is_stored(g, contents.layout, p, g.tier(p))) return;
      }
      if (o.damage_frame) ++unit_records[unit];
      if (want_inner == 0 && want_primitive == 0) return;
      const bool is_primitive = g.terminal(g.unrank(rank)).primitive();
      (is_primitive ? primitive : inner).offer(rank, rng);
    });

    // Take candidates in a seeded random order, never a parent and child both.
    std::unordered_set<std::uint64_t> taken, children_of_taken;
    auto children_of = [&](std::uint64_t rank) {
      std::vector<std::uint64_t> out;
      const auto p = g.unrank(rank);
      if (g.terminal(p).primitive()) return out;
      MoveList<G> moves;
      g.generate_moves(p, moves);
      for (const auto m : moves) {
        const auto child = g.canonical(g.play(p, m));
        out.push_back(static_cast<std::uint64_t>(g.rank(child)));
        // A derived child is recomputed from its own children when p is
        // checked: they count as p's children here (no fault may mask another).
        if (contents.layout.derived(g.tier(child)) && !g.terminal(child).primitive()) {
          MoveList<G> next;
          g.generate_moves(child, next);
          for (const auto n : next) out.push_back(static_cast<std::uint64_t>(g.rank(g.canonical(g.play(child, n)))));
        }
      }
      return out;
    };
    auto take = [&](Reservoir& pool, std::uint64_t want) {
      std::sort(pool.items.begin(), pool.items.end());
      std::shuffle(pool.items.begin(), pool.items.end(), rng);
      std::vector<std::uint64_t> got;
      for (std::uint64_t rank : pool.items) {
        if (got.size() == want) break;
        if (children_of_taken.count(rank)) continue;
        const auto kids = children_of(rank);
        if (std::any_of(kids.begin(), kids.end(), [&](std::uint64_t k) { return taken.count(k) > 0 || k == rank; }))
          continue;  // a changed child, or a move back to itself (loopy games)
        taken.insert(rank);
        children_of_taken.insert(kids.begin(), kids.end());
        got.push_back(rank);
      }
      if (got.size() < want)
        throw std::invalid_argument(
            fmt::format("{}: only {} suitable positions for {} faults", o.in, got.size(), want));
      return got;
    };
    const auto inner_ranks = take(inner, want_inner);
    const auto primitive_ranks = take(primitive, want_primitive);
    for (std::size_t i = 0; i < inner_ranks.size(); ++i)
      result.faults.push_back(Fault{inner_ranks[i],
                                    i < want_value                     ? "value"
                                    : i < want_value + want_remoteness ? "remoteness"
                                                                       : "score",
                                    "",
                                    {},
                                    {}});
    for (const auto rank : primitive_ranks) result.faults.push_back(Fault{rank, "primitive", "", {}, {}});
    std::sort(result.faults.begin(), result.faults.end(),
              [](const Fault& a, const Fault& b) { return a.rank < b.rank; });

    // Decide every change (in rank order, so the same seed gives the same records).
    std::map<std::uint64_t, PackedRecord> old_records, changes;
    store.for_each([&](std::uint64_t rank, PackedRecord record, std::uint64_t unit) {
      if (taken.count(rank)) {
        old_records[rank] = record;
        unit_of_rank[rank] = unit;
      }
    });
    std::size_t primitive_index = 0;
    for (Fault& f : result.faults) {
      f.old_record = unpack(old_records.at(f.rank));
      f.new_record = f.old_record;
      f.position = g.format(g.unrank(f.rank));
      if (f.kind == "value")
        f.new_record.value = other_value(f.old_record.value, G::kLoopy, rng);
      else if (f.kind == "remoteness")
        f.new_record.remoteness = other_remoteness(f.old_record.remoteness);
      else if (f.kind == "score")  // one point more for the side ahead (for the mover at a tie), the value kept
        f.new_record.score = static_cast<std::int16_t>(f.old_record.score + (f.old_record.score < 0 ? -1 : 1));
      else if (primitive_index++ % 2 == 0 || !contents.remoteness)
        f.new_record.value = other_value(f.old_record.value, G::kLoopy, rng);
      else
        f.new_record.remoteness = 2;
      changes[f.rank] = pack(f.new_record);
    }

    db::WriteTxn txn(*database);
    if (!changes.empty()) store.rewrite(txn, changes);
    if (o.damage_frame) {
      // A unit with records and no fault in it, drawn by the seed.
      std::set<std::uint64_t> faulty;
      for (const auto& [rank, unit] : unit_of_rank) faulty.insert(unit);
      std::vector<std::pair<std::uint64_t, std::uint64_t>> units;
      for (const auto& entry : unit_records)
        if (!faulty.count(entry.first)) units.push_back(entry);
      if (units.empty()) throw std::invalid_argument(o.in + ": nothing to damage");
      if (store.keyed() && !changes.empty())
        throw std::invalid_argument("keyed databases: --damage-frame cannot be combined with --count");
      const auto& [unit, count] = units[rng() % units.size()];
      DamagedFrame d;
      d.records = count;
      d.where = store.damage(txn, unit);
      result.damaged = d;
    }
    nlohmann::json note = {{"from", o.in}, {"kind", o.kind}, {"count", result.faults.size()}, {"seed", o.seed}};
    if (result.damaged) note["damaged"] = result.damaged->where;
    txn.put_meta("fault_injection", note.dump());
    txn.commit();
  });
  return result;
}

}  // namespace gsolve::verify
