// SPDX-License-Identifier: Apache-2.0
// Linux's epoll, which Swift's Glibc module leaves out: the event loop's one wait (EventLoop).
#include <sys/epoll.h>
