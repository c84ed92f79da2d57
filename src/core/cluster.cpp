#include "src/core/cluster.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "src/core/message_passing.h"

namespace gsolve {

namespace {
// MPI counts are ints: large buffers go in pieces of at most this many bytes.
constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;

// The launchers' environment: Open MPI's mpirun, and PMIx / PMI (srun).
bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(v)) return true;
  return false;
}

#ifdef GSOLVE_HAVE_MPI
// libgsolve_mpi.so beside the executable. RTLD_GLOBAL: Open MPI's own
// components, loaded by libmpi, look up its symbols.
const MessagePassing* load_module() {
  std::string path(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", path.data(), path.size());
  path.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  path = path.substr(0, path.rfind('/') + 1) + "libgsolve_mpi.so";
  void* module = ::dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!module) throw std::runtime_error(std::string("MPI: cannot load ") + path + ": " + ::dlerror());
  const auto entry = reinterpret_cast<const MessagePassing* (*)()>(::dlsym(module, "gsolve_message_passing"));
  if (!entry) throw std::runtime_error("MPI: " + path + " has no gsolve_message_passing");
  return entry();
}
#endif

// Each piece of [0, count) of at most `piece` items, as (offset, count).
template <class F>
void in_pieces(std::uint64_t count, std::uint64_t piece, F&& f) {
  for (std::uint64_t at = 0; at < count; at += piece) f(at, static_cast<int>(std::min(piece, count - at)));
}
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
  Cluster& c = world();
  const MessagePassing* mpi = load_module();
  int rank = 0, size = 1, local_size = 1;
  mpi->init(argc, argv, rank, size, local_size);
  c.mpi_ = mpi;
  c.rank_ = rank, c.size_ = size, c.local_size_ = local_size;
#endif
}

void Cluster::finalize() {
  Cluster& c = world();
  if (c.mpi_) c.mpi_->finalize();
  c.mpi_ = nullptr;
}

void Cluster::abort(int code) {
  if (const MessagePassing* mpi = world().mpi_) mpi->abort(code);
  std::_Exit(code);
}

void Cluster::broadcast(std::span<std::uint32_t> data) {
  if (alone()) return;
  step();
  char* bytes = reinterpret_cast<char*>(data.data());
  in_pieces(data.size_bytes(), kPiece, [&](std::uint64_t at, int n) { mpi_->broadcast(bytes + at, n, 0); });
  if (!root()) exchanged_bytes_ += data.size_bytes();
}

void Cluster::broadcast(std::string& text) {
  if (alone()) return;
  step();
  std::uint64_t n = text.size();
  mpi_->broadcast(&n, 8, 0);
  text.resize(n);
  in_pieces(n, kPiece, [&](std::uint64_t at, int k) { mpi_->broadcast(text.data() + at, k, 0); });
  if (!root()) exchanged_bytes_ += n + 8;
}

std::uint64_t Cluster::sum(std::uint64_t v) {
  if (alone()) return v;
  step();
  mpi_->all_reduce(&v, 1, MessagePassing::Reduction::Sum);
  exchanged_bytes_ += 8;
  return v;
}

bool Cluster::any(bool v) { return sum(v ? 1 : 0) > 0; }

void Cluster::or_words(std::span<std::uint64_t> words) {
  if (alone()) return;
  step();
  in_pieces(words.size(), kPiece / 8,
            [&](std::uint64_t at, int n) { mpi_->all_reduce(words.data() + at, n, MessagePassing::Reduction::Or); });
  exchanged_bytes_ += words.size_bytes();
}

void Cluster::gather_shares(std::span<std::byte> data, std::span<const std::uint64_t> bounds) {
  if (alone()) return;
  step();
  // Each owner broadcasts its share (MPI_Allgatherv's int displacements would
  // cap a tier at 2^31 bytes).
  for (int r = 0; r < size_; ++r) {
    in_pieces(bounds[r + 1] - bounds[r], kPiece, [&](std::uint64_t at, int n) {
      mpi_->broadcast(data.data() + bounds[r] + at, n, r);
      if (r != rank_) exchanged_bytes_ += static_cast<std::uint64_t>(n);
    });
  }
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

std::vector<std::string> Cluster::gather_text(const std::string& text) {
  if (alone()) return {text};
  step();
  const std::uint64_t n = text.size();
  std::vector<std::uint64_t> sizes(root() ? size_ : 0);
  mpi_->gather_word(n, sizes.data());
  std::uint64_t longest = n;
  mpi_->all_reduce(&longest, 1, MessagePassing::Reduction::Max);
  // Rounds of at most `piece` bytes from each process keep MPI's int counts
  // and displacements in range (one tier's share can pass 2 GiB).
  const std::uint64_t piece = std::min<std::uint64_t>(kPiece, INT_MAX / static_cast<std::uint64_t>(size_));
  std::vector<std::string> texts(root() ? size_ : 0);
  for (int r = 0; r < static_cast<int>(texts.size()); ++r) texts[r].resize(sizes[r]);
  std::vector<int> counts(texts.size()), offsets(texts.size());
  std::string round;
  const auto part = [&](std::uint64_t size, std::uint64_t at) {
    return static_cast<int>(size > at ? std::min(piece, size - at) : 0);
  };
  for (std::uint64_t at = 0; at < longest; at += piece) {
    int total = 0;
    for (int r = 0; r < static_cast<int>(texts.size()); ++r) {
      counts[r] = part(sizes[r], at);
      offsets[r] = total;
      total += counts[r];
    }
    round.resize(static_cast<std::size_t>(total));
    mpi_->gather_bytes(text.data() + std::min(at, n), part(n, at), round.data(), counts.data(), offsets.data());
    for (int r = 0; r < static_cast<int>(texts.size()); ++r)
      std::memcpy(texts[r].data() + at, round.data() + offsets[r], static_cast<std::size_t>(counts[r]));
  }
  if (root())
    for (int r = 1; r < size_; ++r) exchanged_bytes_ += sizes[r];
  return texts;
}

void Cluster::send(int to, int tag, std::span<const std::uint64_t> words) {
  if (alone()) throw std::logic_error("Cluster::send: a single process has nobody to send to");
  step();
  mpi_->send(to, tag, words.data(), static_cast<int>(words.size()));
}

std::optional<Cluster::Message> Cluster::next_message(int from, bool wait) {
  if (alone()) {
    if (wait) throw std::logic_error("Cluster::receive: a single process has nobody to hear from");
    return std::nullopt;
  }
  step();
  Message m;
  int count = 0;
  if (!mpi_->probe(from, wait, m.from, m.tag, count)) return std::nullopt;
  m.words.resize(static_cast<std::size_t>(count));
  mpi_->receive(m.from, m.tag, m.words.data(), count);
  exchanged_bytes_ += m.words.size() * 8;
  return m;
}

std::optional<Cluster::Message> Cluster::poll() { return next_message(-1, false); }

Cluster::Message Cluster::receive(int from) { return *next_message(from, true); }

}  // namespace gsolve
