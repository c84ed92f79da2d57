// The MPI side of message_passing.h: a module (libgsolve_mpi.so) linked with
// Open MPI, loaded by Cluster::init only under mpirun or srun.
#include <mpi.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "src/core/message_passing.h"

namespace {

using gsolve::MessagePassing;

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// A job whose processes all run on one machine (mpirun says so in the
// environment) talks through shared memory, which Open MPI's ob1 layer
// provides. Left to choose, Open MPI first loads its network layers'
// libraries (PSM, PSM2 for Omni-Path, ...) to rule them out: 0.2 s of every
// start on a machine without such hardware, where it then takes ob1 anyway.
// A choice the user made (OMPI_MCA_pml) stands.
void prefer_shared_memory_on_one_machine() {
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  const char* local_size = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  if (size && local_size && std::strcmp(size, local_size) == 0) ::setenv("OMPI_MCA_pml", "ob1", /*overwrite=*/0);
}

void init(int& argc, char**& argv, int& rank, int& size, int& local_size) {
  prefer_shared_memory_on_one_machine();
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  // Only the main thread calls MPI, while oneTBB's threads work beside it.
  if (provided < MPI_THREAD_FUNNELED)
    throw std::runtime_error("MPI: the library supports no threads beside MPI calls (MPI_THREAD_FUNNELED needed)");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm local;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local), "MPI_Comm_split_type");
  MPI_Comm_size(local, &local_size);
  MPI_Comm_free(&local);
}

void finalize() { MPI_Finalize(); }
void abort(int code) { MPI_Abort(MPI_COMM_WORLD, code); }

void broadcast(void* bytes, int count, int root) {
  check(MPI_Bcast(bytes, count, MPI_BYTE, root, MPI_COMM_WORLD), "MPI_Bcast");
}

void all_reduce(std::uint64_t* words, int count, MessagePassing::Reduction reduction) {
  const MPI_Op op = reduction == MessagePassing::Reduction::Sum   ? MPI_SUM
                    : reduction == MessagePassing::Reduction::Max ? MPI_MAX
                                                                  : MPI_BOR;
  check(MPI_Allreduce(MPI_IN_PLACE, words, count, MPI_UINT64_T, op, MPI_COMM_WORLD), "MPI_Allreduce");
}

void gather_word(std::uint64_t word, std::uint64_t* all) {
  check(MPI_Gather(&word, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD), "MPI_Gather");
}

void gather_bytes(const char* bytes, int count, char* all, const int* counts, const int* offsets) {
  check(MPI_Gatherv(bytes, count, MPI_BYTE, all, counts, offsets, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Gatherv");
}

void send(int to, int tag, const std::uint64_t* words, int count) {
  check(MPI_Send(words, count, MPI_UINT64_T, to, tag, MPI_COMM_WORLD), "MPI_Send");
}

bool probe(int from, bool wait, int& source, int& tag, int& count) {
  MPI_Status status;
  const int who = from < 0 ? MPI_ANY_SOURCE : from;
  if (wait) {
    check(MPI_Probe(who, MPI_ANY_TAG, MPI_COMM_WORLD, &status), "MPI_Probe");
  } else {
    int arrived = 0;
    check(MPI_Iprobe(who, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status), "MPI_Iprobe");
    if (!arrived) return false;
  }
  source = status.MPI_SOURCE;
  tag = status.MPI_TAG;
  check(MPI_Get_count(&status, MPI_UINT64_T, &count), "MPI_Get_count");
  return true;
}

void receive(int from, int tag, std::uint64_t* words, int count) {
  check(MPI_Recv(words, count, MPI_UINT64_T, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
}

constexpr MessagePassing kMpi{init,        finalize,     abort, broadcast, all_reduce,
                              gather_word, gather_bytes, send,  probe,     receive};

}  // namespace

extern "C" const gsolve::MessagePassing* gsolve_message_passing() { return &kMpi; }
