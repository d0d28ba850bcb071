// Structure-of-arrays particle pools, declared once. A pool is a plain struct of std::vector
// columns plus a live `count`; it lists its columns in ONE static member template (static so
// that one list serves const and non-const pools)
//
//   template <class P, class F> static void columns(P& p, F&& f) {
//     f(p.position, vec3(0.0f)), f(p.life, 1.0f), ...
//   }
//
// naming each column with the value a new row starts with. The helpers below derive reserve,
// append, swap-remove and capacity changes from that list, so adding a field to a pool is one
// line (the family's pool never lists its arrays again in push / remove / resize code).
//
// Two styles of pool use them: growing pools (vectors sized to `count`: reserve, pushBack,
// swapRemove) and fixed-capacity pools (vectors sized once to the capacity, rows 0..count live:
// assign, initRow, moveRow). A pool whose columns come and go (Stride's RequiredFields) calls
// `f` only for the columns present.
#pragma once

#include <cstddef>
#include <utility>

namespace fx::soa {

// Bytes of state per row: the columns' element sizes summed (the benchmark's bytes/particle).
template <class Pool>
size_t rowBytes(const Pool& pool) {
  size_t bytes = 0;
  Pool::columns(pool, [&bytes](const auto& column, const auto&) { bytes += sizeof(column[0]); });
  return bytes;
}

// Bytes the columns hold on the heap (their capacities): what a copy of the pool costs, for
// memory budgets (the seek snapshots, engine/session/world.h).
template <class Pool>
size_t heapBytes(const Pool& pool) {
  size_t bytes = 0;
  Pool::columns(pool, [&bytes](const auto& column, const auto&) {
    bytes += column.capacity() * sizeof(column[0]);
  });
  return bytes;
}

// Growing pools --------------------------------------------------------------------------------

template <class Pool>
void reserve(Pool& pool, size_t n) {
  Pool::columns(pool, [n](auto& column, const auto&) { column.reserve(n); });
}

// Appends one row with every column at its initial value; returns the row's index.
template <class Pool>
size_t pushBack(Pool& pool) {
  Pool::columns(pool, [](auto& column, const auto& init) { column.push_back(init); });
  return pool.count++;
}

// The last row moves into row i and the arrays shrink by one.
template <class Pool>
void swapRemove(Pool& pool, size_t i) {
  size_t last = pool.count - 1;
  Pool::columns(pool, [i, last](auto& column, const auto&) {
    if (i != last) column[i] = std::move(column[last]);
    column.pop_back();
  });
  pool.count = last;
}

// Fixed-capacity pools -------------------------------------------------------------------------

// Sizes every column to n rows at their initial values (the pool is then empty: count = 0).
template <class Pool>
void assign(Pool& pool, size_t n) {
  Pool::columns(pool, [n](auto& column, const auto& init) { column.assign(n, init); });
  pool.count = 0;
}

// Row i back to the columns' initial values (a row being reused).
template <class Pool>
void initRow(Pool& pool, size_t i) {
  Pool::columns(pool, [i](auto& column, const auto& init) { column[i] = init; });
}

// Copies row `from` over row `to` (swap-remove in a fixed-capacity pool).
template <class Pool>
void moveRow(Pool& pool, size_t from, size_t to) {
  Pool::columns(pool, [from, to](auto& column, const auto&) { column[to] = column[from]; });
}

}  // namespace fx::soa
