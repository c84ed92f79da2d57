// The MPI operations Cluster (cluster.h) builds on, as a table of functions.
// The module libgsolve_mpi.so (src/core/mpi/message_passing_mpi.cpp, the only
// code that includes <mpi.h>) provides it, and Cluster loads the module only
// when mpirun or srun started the process: a process started alone never
// loads libmpi and its libraries (about 1.75 ms of every start, most of a
// cold query).
//
// Counts are ints as in MPI; Cluster cuts larger buffers into pieces. Errors
// throw std::runtime_error ("MPI: <call> failed").
#pragma once

#include <cstdint>

namespace gsolve {

struct MessagePassing {
  enum class Reduction { Sum, Max, Or };
  // Joins the job (MPI_THREAD_FUNNELED): this process's rank, the job's size
  // and the number of its processes on this machine.
  void (*init)(int& argc, char**& argv, int& rank, int& size, int& local_size);
  void (*finalize)();
  void (*abort)(int code);
  void (*broadcast)(void* bytes, int count, int root);
  // In place, over every process: words[i] = reduction of everyone's words[i].
  void (*all_reduce)(std::uint64_t* words, int count, Reduction reduction);
  // One word from each process, in rank order, at the root (all: size words).
  void (*gather_word)(std::uint64_t word, std::uint64_t* all);
  // count bytes from each process to all + offsets[r] at the root.
  void (*gather_bytes)(const char* bytes, int count, char* all, const int* counts, const int* offsets);
  void (*send)(int to, int tag, const std::uint64_t* words, int count);
  // The next message (from `from`, or anyone when from < 0): its source, tag
  // and word count; false when none has arrived and wait is false.
  bool (*probe)(int from, bool wait, int& source, int& tag, int& count);
  void (*receive)(int from, int tag, std::uint64_t* words, int count);
};

}  // namespace gsolve

// The module's one entry point.
extern "C" const gsolve::MessagePassing* gsolve_message_passing();
