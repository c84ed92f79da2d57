// oneTBB's parallel loops and task groups with their fork and join made
// visible to ThreadSanitizer. Debian's libtbb is not instrumented, so TSan
// cannot see that a loop's tasks start after the code before the loop and end
// before the code after it, and reports accesses on the two sides as races (a
// tier's buffer read by a loop, then zeroed for the next tier). ForkJoinTask says it
// with two tokens: the caller releases `fork` before the tasks start and
// acquires `join` after they end; each task acquires `fork` first and
// releases `join` last. Tasks never acquire each other's releases (except a
// fed item, which starts after the task that fed it), so races between tasks
// are still seen.
// Under TSan each entry point below is a frame of its own (GSOLVE_TSAN_FRAME):
// only TBB's code runs in it (building the task objects, waiting), never a
// body, and tools/tsan.supp names these frames for the false races of TBB's
// task recycling. Without TSan the annotations compile to nothing.
#pragma once

#include <tbb/parallel_for.h>
#include <tbb/parallel_for_each.h>
#include <tbb/task_group.h>

#include <concepts>
#include <utility>

#if defined(__SANITIZE_THREAD__)
#define GSOLVE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GSOLVE_TSAN 1
#endif
#endif
#ifdef GSOLVE_TSAN
#include <sanitizer/tsan_interface.h>
// Out of line: a frame every symbolizer names, where the inlined TBB frames in
// it may be lost (libsanitizer's own symbolizer loses them).
#define GSOLVE_TSAN_FRAME [[gnu::noinline]]
#else
#define GSOLVE_TSAN_FRAME
#endif

namespace gsolve {
namespace tsan {

inline void release([[maybe_unused]] const void* token) {
#ifdef GSOLVE_TSAN
  __tsan_release(const_cast<void*>(token));
#endif
}
inline void acquire([[maybe_unused]] const void* token) {
#ifdef GSOLVE_TSAN
  __tsan_acquire(const_cast<void*>(token));
#endif
}

}  // namespace tsan

// What a loop's tasks run: body, between the acquire of the fork token and
// the release of the join token. The tokens are this object's own address
// (and the next byte): a task reaches them without reading memory that the
// fork must order first. Where TBB's task objects hold a copy of what they
// run, that copy is a runner holding a pointer to this object (the copy is
// made in TBB's task allocation, which tools/tsan.supp covers); where they
// hold a reference, it is this object.
template <class Body, class... Args>
class ForkJoinTask {
 public:
  explicit ForkJoinTask(const Body& body) : body_(body) {}
  // Out of line under TSan, so that a body inlined here is never reported
  // in TBB's frame (tools/tsan.supp's race_top:^tbb::detail::).
  GSOLVE_TSAN_FRAME void operator()(Args... args) const {  // exact arguments: TBB tells overloads apart
    tsan::acquire(fork_token());
    body_(std::forward<Args>(args)...);
    tsan::release(join_token());
  }
  // Before the tasks start, once this object and `runner` (what TBB is given)
  // are made: their addresses escape first, so the compiler cannot build
  // them after the release.
  template <class Runner>
  void forks([[maybe_unused]] const Runner& runner) const {
#ifdef GSOLVE_TSAN
    asm volatile("" : : "r"(this), "r"(&runner) : "memory");
#endif
    tsan::release(fork_token());
  }
  void joined() const { tsan::acquire(join_token()); }  // after the tasks' wait
  // Released again before a task hands another one an item.
  const void* fork_token() const { return this; }

 private:
  const void* join_token() const { return reinterpret_cast<const char*>(this) + 1; }
  const Body& body_;
};

// tbb::parallel_for(range, body).
template <class Range, class Body>
GSOLVE_TSAN_FRAME void parallel_for(const Range& range, const Body& body) {
  const ForkJoinTask<Body, const Range&> task(body);
  const auto runner = [t = &task](const Range& r) { (*t)(r); };  // TBB's tasks hold copies of it
  task.forks(runner);
  tbb::parallel_for(range, runner);
  task.joined();
}

// tbb::parallel_for(first, last, body): body(i) for i in [first, last).
template <std::integral Index, class Body>
GSOLVE_TSAN_FRAME void parallel_for(Index first, Index last, const Body& body) {
  const ForkJoinTask<Body, Index> task(body);
  task.forks(task);
  tbb::parallel_for(first, last, task);  // called through a reference
  task.joined();
}

// tbb::parallel_for_each over [first, last) with a feeder: body(item, feed),
// where feed(x) hands x to another task.
template <class Item, class Body>
GSOLVE_TSAN_FRAME void parallel_for_each_fed(const Item* first, const Item* last, const Body& body) {
  const void* fork_token = nullptr;  // the task's, set before the tasks start
  const auto fed = [&](const Item& item, tbb::feeder<Item>& feeder) {
    body(item, [&](const Item& x) {
      tsan::release(fork_token);
      feeder.add(x);
    });
  };
  const ForkJoinTask<decltype(fed), const Item&, tbb::feeder<Item>&> task(fed);
  fork_token = task.fork_token();
  task.forks(task);
  tbb::parallel_for_each(first, last, task);  // called through a reference
  task.joined();
}

// `count` tasks running body(group) on a tbb::task_group, waited for; a task
// may call group.cancel() to stop the others and all that they spawned.
// The group's count lives on this frame's stack, and a task counts it down
// after its join token (tools/tsan.supp).
template <class Body>
GSOLVE_TSAN_FRAME void run_tasks(int count, const Body& body) {
  tbb::task_group group;
  const ForkJoinTask<Body, tbb::task_group&> task(body);
  const auto runner = [t = &task, g = &group] { (*t)(*g); };
  task.forks(runner);
  for (int k = 0; k < count; ++k) group.run(runner);
  group.wait();
  task.joined();
}

}  // namespace gsolve
