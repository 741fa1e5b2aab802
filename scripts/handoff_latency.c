// The round trip of a value between two threads, through one cache line each way: the least a handoff
// between the engine's two threads (a query and its side thread) pays on this machine. Printed by
// scripts/kernels_side_by_side.sh with each round, because this virtual machine has hours where this
// latency is several times its usual, and the engine's two-thread queries slow down with it while the
// single-threaded kernels do not (BENCHMARKS.md, "Against the machine's limit", 2026-12-01).
//
//   cc -O2 -pthread scripts/handoff_latency.c -o handoff_latency && ./handoff_latency
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { TRIPS = 20000, ROUNDS = 15 };
static _Alignas(64) _Atomic long ping;
static _Alignas(64) _Atomic long pong;

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static void *echo(void *unused) {
  (void)unused;
  for (long i = 1; i <= (long)TRIPS * ROUNDS; i++) {
    while (atomic_load_explicit(&ping, memory_order_acquire) != i) {}
    atomic_store_explicit(&pong, i, memory_order_release);
  }
  return 0;
}

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void) {
  pthread_t thread;
  if (pthread_create(&thread, 0, echo, 0) != 0) { perror("pthread_create"); return 1; }
  double ns[ROUNDS];
  long sent = 0;
  for (int round = 0; round < ROUNDS; round++) {
    double start = now_ns();
    for (int trip = 0; trip < TRIPS; trip++) {
      sent++;
      atomic_store_explicit(&ping, sent, memory_order_release);
      while (atomic_load_explicit(&pong, memory_order_acquire) != sent) {}
    }
    ns[round] = (now_ns() - start) / TRIPS;
  }
  pthread_join(thread, 0);
  qsort(ns, ROUNDS, sizeof ns[0], ascending);
  printf("handoff round trip %.0f ns (min %.0f, max %.0f)\n", ns[ROUNDS / 2], ns[0], ns[ROUNDS - 1]);
  return 0;
}
