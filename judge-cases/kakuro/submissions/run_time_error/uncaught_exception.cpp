// kakuro run_time_error: throws an exception nobody catches; std::terminate aborts the
// process (SIGABRT): RE.
#include <stdexcept>
int main() {
    throw std::runtime_error("no solution attempted");
}
