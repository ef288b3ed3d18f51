#ifndef IAPKIT_ALLOCATOR_TUNING_H
#define IAPKIT_ALLOCATOR_TUNING_H

/// Tunes glibc's allocator for parsing large Markdown books; does nothing elsewhere. Call it
/// once, first thing in `main`: it changes process-wide settings, so libraries leave it alone.
///
/// - cmark allocates and frees one node at a time. With glibc's fast bins, the frees of a
///   chapter's tree are merged later, in one long pause, by the next large allocation; without
///   fast bins each free merges at once.
/// - The heap is kept in one region that the kernel may back with 2 MB pages, so a large book
///   costs dozens of page faults instead of tens of thousands. The region is reserved, not
///   touched: memory that is never used is never resident.
void iapkit_tune_allocator(void);

#endif
