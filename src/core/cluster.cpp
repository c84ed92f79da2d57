#include "src/core/cluster.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#ifdef GSOLVE_HAVE_MPI
#include <mpi.h>
#endif

namespace gsolve {

namespace {
bool joined = false;

#ifdef GSOLVE_HAVE_MPI
// MPI counts are ints: large buffers go in pieces of at most this many items.
constexpr std::uint64_t kPiece = std::uint64_t{1} << 28;

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// The launchers' environment: Open MPI's mpirun, and PMIx / PMI (srun).
bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(v)) return true;
  return false;
}
#endif
}  // namespace

Cluster& Cluster::world() {
  static Cluster cluster;
  return cluster;
}

bool Cluster::built_with_mpi() {
#ifdef GSOLVE_HAVE_MPI
  return true;
#else
  return false;
#endif
}

void Cluster::init([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#ifdef GSOLVE_HAVE_MPI
  if (!launched_by_mpi()) return;
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  joined = true;
  // Only the main thread calls MPI, while oneTBB's threads work beside it.
  if (provided < MPI_THREAD_FUNNELED)
    throw std::runtime_error("MPI: the library supports no threads beside MPI calls (MPI_THREAD_FUNNELED needed)");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  Cluster& c = world();
  MPI_Comm_rank(MPI_COMM_WORLD, &c.rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &c.size_);
  MPI_Comm local;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local), "MPI_Comm_split_type");
  MPI_Comm_size(local, &c.local_size_);
  MPI_Comm_free(&local);
#endif
}

void Cluster::finalize() {
#ifdef GSOLVE_HAVE_MPI
  if (joined) MPI_Finalize();
  joined = false;
#endif
}

void Cluster::abort(int code) {
#ifdef GSOLVE_HAVE_MPI
  if (joined) MPI_Abort(MPI_COMM_WORLD, code);
#endif
  std::_Exit(code);
}

std::vector<std::string> Cluster::gather_lists(const std::vector<std::string>& texts) {
  if (alone()) return texts;
  // One text per process: each item as its 8-byte length, then its bytes.
  std::string joined;
  for (const std::string& t : texts) {
    const std::uint64_t n = t.size();
    joined.append(reinterpret_cast<const char*>(&n), 8).append(t);
  }
  std::vector<std::string> all;
  for (const std::string& text : gather_text(joined)) {
    for (std::size_t at = 0; at < text.size();) {
      std::uint64_t n = 0;
      std::memcpy(&n, text.data() + at, 8);
      all.push_back(text.substr(at + 8, n));
      at += 8 + n;
    }
  }
  return all;
}

#ifdef GSOLVE_HAVE_MPI

void Cluster::broadcast(std::span<std::uint32_t> data) {
  if (alone()) return;
  step();
  for (std::uint64_t at = 0; at < data.size(); at += kPiece) {
    const auto n = static_cast<int>(std::min<std::uint64_t>(kPiece, data.size() - at));
    check(MPI_Bcast(data.data() + at, n, MPI_UINT32_T, 0, MPI_COMM_WORLD), "MPI_Bcast");
  }
  if (!root()) exchanged_bytes_ += data.size() * 4;
}

void Cluster::broadcast(std::string& text) {
  if (alone()) return;
  step();
  std::uint64_t n = text.size();
  check(MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD), "MPI_Bcast");
  text.resize(n);
  for (std::uint64_t at = 0; at < n; at += kPiece) {
    const auto k = static_cast<int>(std::min<std::uint64_t>(kPiece, n - at));
    check(MPI_Bcast(text.data() + at, k, MPI_CHAR, 0, MPI_COMM_WORLD), "MPI_Bcast");
  }
  if (!root()) exchanged_bytes_ += n + 8;
}

std::uint64_t Cluster::sum(std::uint64_t v) {
  if (alone()) return v;
  step();
  std::uint64_t total = 0;
  check(MPI_Allreduce(&v, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  exchanged_bytes_ += 8;
  return total;
}

bool Cluster::any(bool v) { return sum(v ? 1 : 0) > 0; }

void Cluster::or_words(std::span<std::uint64_t> words) {
  if (alone()) return;
  step();
  for (std::uint64_t at = 0; at < words.size(); at += kPiece) {
    const auto n = static_cast<int>(std::min<std::uint64_t>(kPiece, words.size() - at));
    check(MPI_Allreduce(MPI_IN_PLACE, words.data() + at, n, MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD),
          "MPI_Allreduce");
  }
  exchanged_bytes_ += words.size() * 8;
}

void Cluster::gather_shares(std::span<std::uint32_t> data, std::span<const std::uint64_t> bounds) {
  if (alone()) return;
  step();
  // Each owner broadcasts its share (MPI_Allgatherv's int displacements would
  // cap a tier at 2^31 records).
  for (int r = 0; r < size_; ++r) {
    for (std::uint64_t at = bounds[r]; at < bounds[r + 1]; at += kPiece) {
      const auto n = static_cast<int>(std::min<std::uint64_t>(kPiece, bounds[r + 1] - at));
      check(MPI_Bcast(data.data() + at, n, MPI_UINT32_T, r, MPI_COMM_WORLD), "MPI_Bcast");
      if (r != rank_) exchanged_bytes_ += static_cast<std::uint64_t>(n) * 4;
    }
  }
}

std::vector<std::string> Cluster::gather_text(const std::string& text) {
  if (alone()) return {text};
  step();
  const std::uint64_t n = text.size();
  std::vector<std::uint64_t> sizes(root() ? size_ : 0);
  check(MPI_Gather(&n, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, 0, MPI_COMM_WORLD), "MPI_Gather");
  std::uint64_t longest = 0;
  check(MPI_Allreduce(&n, &longest, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  // Rounds of at most `piece` bytes from each process keep MPI's int counts
  // and displacements in range (one tier's share can pass 2 GiB).
  const std::uint64_t piece = std::min<std::uint64_t>(kPiece, INT_MAX / static_cast<std::uint64_t>(size_));
  std::vector<std::string> texts(root() ? size_ : 0);
  for (int r = 0; r < static_cast<int>(texts.size()); ++r) texts[r].resize(sizes[r]);
  std::vector<int> counts(texts.size()), displs(texts.size());
  std::string round;
  const auto part = [&](std::uint64_t size, std::uint64_t at) {
    return static_cast<int>(size > at ? std::min(piece, size - at) : 0);
  };
  for (std::uint64_t at = 0; at < longest; at += piece) {
    int total = 0;
    for (int r = 0; r < static_cast<int>(texts.size()); ++r) {
      counts[r] = part(sizes[r], at);
      displs[r] = total;
      total += counts[r];
    }
    round.resize(static_cast<std::size_t>(total));
    check(MPI_Gatherv(text.data() + std::min(at, n), part(n, at), MPI_CHAR, round.data(), counts.data(),
                      displs.data(), MPI_CHAR, 0, MPI_COMM_WORLD),
          "MPI_Gatherv");
    for (int r = 0; r < static_cast<int>(texts.size()); ++r)
      std::memcpy(texts[r].data() + at, round.data() + displs[r], static_cast<std::size_t>(counts[r]));
  }
  if (root())
    for (int r = 1; r < size_; ++r) exchanged_bytes_ += sizes[r];
  return texts;
}

void Cluster::send(int to, int tag, std::span<const std::uint64_t> words) {
  step();
  check(MPI_Send(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, to, tag, MPI_COMM_WORLD), "MPI_Send");
}

namespace {
Cluster::Message receive_probed(const MPI_Status& status) {
  int n = 0;
  MPI_Get_count(&status, MPI_UINT64_T, &n);
  Cluster::Message m{status.MPI_SOURCE, status.MPI_TAG, std::vector<std::uint64_t>(static_cast<std::size_t>(n))};
  check(MPI_Recv(m.words.data(), n, MPI_UINT64_T, m.from, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
  return m;
}
}  // namespace

std::optional<Cluster::Message> Cluster::poll() {
  step();
  int arrived = 0;
  MPI_Status status;
  check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status), "MPI_Iprobe");
  if (!arrived) return std::nullopt;
  Message m = receive_probed(status);
  exchanged_bytes_ += m.words.size() * 8;
  return m;
}

Cluster::Message Cluster::receive(int from) {
  step();
  MPI_Status status;
  check(MPI_Probe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &status), "MPI_Probe");
  Message m = receive_probed(status);
  exchanged_bytes_ += m.words.size() * 8;
  return m;
}

#else  // one process: collectives are identities, and nobody to talk to

void Cluster::broadcast(std::span<std::uint32_t>) {}
void Cluster::broadcast(std::string&) {}
std::uint64_t Cluster::sum(std::uint64_t v) { return v; }
bool Cluster::any(bool v) { return v; }
void Cluster::or_words(std::span<std::uint64_t>) {}
void Cluster::gather_shares(std::span<std::uint32_t>, std::span<const std::uint64_t>) {}
std::vector<std::string> Cluster::gather_text(const std::string& text) { return {text}; }
void Cluster::send(int, int, std::span<const std::uint64_t>) {
  throw std::logic_error("Cluster::send: a single process has nobody to send to");
}
std::optional<Cluster::Message> Cluster::poll() { return std::nullopt; }
Cluster::Message Cluster::receive(int) {
  throw std::logic_error("Cluster::receive: a single process has nobody to hear from");
}

#endif

}  // namespace gsolve
