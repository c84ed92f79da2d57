// The processes of one solve: an MPI job (Open MPI's mpirun, Slurm's srun) or,
// without a launcher or without MPI in the build, this process alone.
//
// The solvers call only this interface; none of them includes <mpi.h>: the
// MPI calls live in a module loaded only in a job (message_passing.h). With
// one process every collective is a no-op and point-to-point is never used,
// so a run without mpirun behaves exactly as a build without MPI. Only the
// thread that called init() calls in here (MPI_THREAD_FUNNELED): the oneTBB
// workers and the tier writer never do.
//
// Counts are bytes received by this process from the others (exchanged_bytes),
// summed over the job by sum() where a summary needs the job's figure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace gsolve {

struct MessagePassing;

class Cluster {
 public:
  // The process's cluster: set by init(), else this process alone.
  static Cluster& world();
  // Joins the MPI job when launched by mpirun or srun (their environment says
  // so); otherwise, or in a build without MPI, stays a single process.
  static void init(int& argc, char**& argv);
  // Leaves the job (MPI_Finalize) if init() joined one.
  static void finalize();
  // Ends every process of the job at once (MPI_Abort): for a failure that the
  // other processes cannot learn of in a collective.
  [[noreturn]] static void abort(int code);
  static bool built_with_mpi();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }
  bool alone() const { return size_ == 1; }
  // Processes of the job on this machine (they share its memory).
  int local_size() const { return local_size_; }

  // Collectives: every process calls them, in the same order.
  // Root's value reaches everyone.
  void broadcast(std::span<std::uint32_t> data);
  void broadcast(std::string& text);
  template <class T>
  requires std::is_trivially_copyable_v<T> &&(sizeof(T) % 4 == 0) void broadcast_value(T& v) {
    broadcast(std::span<std::uint32_t>(reinterpret_cast<std::uint32_t*>(&v), sizeof(T) / 4));
  }
  std::uint64_t sum(std::uint64_t v);
  bool any(bool v);
  // Bitwise OR of every process's words, in place.
  void or_words(std::span<std::uint64_t> words);
  // data is split in shares: process r owns bytes [bounds[r], bounds[r + 1]);
  // after the call every process holds every share as its owner had it.
  void gather_shares(std::span<std::byte> data, std::span<const std::uint64_t> bounds);
  // Every process's text, at the root (empty elsewhere).
  std::vector<std::string> gather_text(const std::string& text);
  // Every process's list of texts, concatenated in process order, at the root.
  std::vector<std::string> gather_lists(const std::vector<std::string>& texts);

  // Point to point (message = tag + 64-bit words), for work handed out by the root.
  void send(int to, int tag, std::span<const std::uint64_t> words);
  struct Message {
    int from = 0, tag = 0;
    std::vector<std::uint64_t> words;
  };
  // A message from anyone, if one has arrived; never waits.
  std::optional<Message> poll();
  // The next message from `from`, waiting for it.
  Message receive(int from);

  // Runs f here; if it throws on any process, it throws on every one: its own
  // error where it failed, PeerFailed elsewhere. A collective: a failure seen
  // by one process (the root's database) cannot leave the others waiting.
  template <class F>
  void all_or_none(F&& f);
  // all_or_none for checks whose outcome may differ between processes (the
  // machine's memory and files): when the root fails, its error alone is
  // shown; otherwise each failing process's error names it (ProcessFailed).
  template <class F>
  void all_or_none_here(F&& f);

  std::uint64_t exchanged_bytes() const { return exchanged_bytes_; }
  // True once this process is inside the job's collective work and has not
  // failed in agreement with the others (all_or_none): an error now leaves
  // the others waiting, and must end the whole job.
  bool others_may_wait() const { return in_step_ && !alone(); }

 private:
  void step() { in_step_ = true; }
  std::optional<Message> next_message(int from, bool wait);  // from < 0: anyone
  const MessagePassing* mpi_ = nullptr;                      // the loaded module's calls, in a job
  int rank_ = 0, size_ = 1, local_size_ = 1;
  bool in_step_ = false;
  std::uint64_t exchanged_bytes_ = 0;
};

// Thrown where this process's part succeeded but another's failed: the
// process that failed says why; the others exit with status 2, silent.
struct PeerFailed : std::runtime_error {
  PeerFailed() : std::runtime_error("another process of the job failed") {}
};

// An error seen on one process only (not the root), shown with its number.
struct ProcessFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace detail {
// f's exception, or null.
template <class F>
std::exception_ptr failure_of(F&& f) {
  try {
    f();
  } catch (...) {
    return std::current_exception();
  }
  return nullptr;
}
}  // namespace detail

template <class F>
void Cluster::all_or_none_here(F&& f) {
  const std::exception_ptr error = detail::failure_of(f);
  constexpr std::uint64_t kRootFailed = std::uint64_t{1} << 32;  // the others count in the low bits
  const std::uint64_t failed = sum(!error ? 0 : root() ? kRootFailed : 1);
  if (failed == 0) return;
  in_step_ = false;  // every process throws here: nobody waits
  if (root()) {
    if (error) std::rethrow_exception(error);
    throw PeerFailed();
  }
  if (!error || failed >= kRootFailed) throw PeerFailed();  // the root says why
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    throw ProcessFailed(e.what());
  }
}

template <class F>
void Cluster::all_or_none(F&& f) {
  const std::exception_ptr error = detail::failure_of(f);
  if (any(error != nullptr)) {
    in_step_ = false;  // every process throws here: nobody waits
    if (error) std::rethrow_exception(error);
    throw PeerFailed();
  }
}

}  // namespace gsolve
