#ifndef IAPKIT_MARKDOWN_ARENA_H
#define IAPKIT_MARKDOWN_ARENA_H

/// An allocator for one cmark parse: a parse allocates a node, a text or a buffer at a time and
/// frees them one at a time afterwards; an arena hands them out from large blocks and frees them
/// all at once. Its functions act on the calling thread's open arena, so one thread parses with
/// one arena at a time, from `iapkit_arena_open` to `iapkit_arena_close`.

/// A `cmark_mem *` whose functions use the calling thread's open arena.
void *iapkit_arena_allocator(void);

/// Opens an arena for the calling thread. Returns 0 if one is already open there.
int iapkit_arena_open(void);

/// Frees everything the calling thread's arena handed out, and closes it.
void iapkit_arena_close(void);

#endif
