// The thresholds that narrow a score or combined value to its answer one
// test "value >= t" at a time: the first at a guess, then, where a first
// step is given, steps from the last test that double (step, 2 step, 4
// step...) while they stay short of the range's middle, then halving. The
// combined value of Go has 4064 values beyond its first guess; halving them
// tested lines of thousands of plies first, each test as dear as one near
// the answer.
#pragma once

#include <algorithm>

namespace gsolve::search::go {

class ThresholdSteps {
 public:
  ThresholdSteps(int first, int step) : first_(first), step_(step) {}

  // The next threshold in (lower, upper], the range the answers so far
  // leave; `last_holds` is the last test's answer (not read the first time).
  int next(int lower, int upper, bool last_holds) {
    const int middle = lower + (upper - lower + 1) / 2;
    if (initial_) {
      initial_ = false;
      return last_ = std::clamp(first_, lower + 1, upper);
    }
    if (step_ > 0 && last_holds && last_ + step_ < middle) {
      last_ += step_, step_ *= 2;
    } else if (step_ > 0 && !last_holds && last_ - step_ > middle) {
      last_ -= step_, step_ *= 2;
    } else {
      last_ = middle, step_ = 0;
    }
    return last_;
  }

 private:
  int first_, step_;
  bool initial_ = true;
  int last_ = 0;
};

}  // namespace gsolve::search::go
