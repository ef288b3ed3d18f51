#include "CMarkdownArena.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Blocks of 256 KB. Anything over a quarter block is a separate allocation, so a long
   paragraph's buffer grows with realloc instead of leaving copies of itself in the blocks. */
enum { BLOCK_SIZE = 256 * 1024, LARGE = BLOCK_SIZE / 4, ALIGN = 16 };

typedef struct Block {
  struct Block *next;
  size_t pad;
} Block;

/* Precedes every allocation: `size` is what was asked for, so realloc knows how much to copy. */
typedef struct Header {
  size_t size;
  size_t isLarge;
} Header;

/* A separate allocation, linked so that closing the arena frees it. */
typedef struct Large {
  struct Large *previous;
  struct Large *next;
  Header header;
} Large;

typedef struct Arena {
  Block *blocks;
  char *top;
  char *end;
  Header *newest; /* the newest small allocation, which can grow or shrink in place */
  Large *large;
} Arena;

static _Thread_local Arena *openArena;

/* cmark does not check what its allocator returns, and its own allocator stops the process
   when memory runs out; so does this one. */
static void *checked(void *pointer) {
  if (!pointer) {
    fputs("iapkit: out of memory while parsing Markdown\n", stderr);
    abort();
  }
  return pointer;
}

static size_t rounded(size_t size) { return (size + ALIGN - 1) & ~(size_t)(ALIGN - 1); }

static Large *largeOf(Header *header) { return (Large *)((char *)header - offsetof(Large, header)); }

static void *allocateLarge(Arena *arena, size_t size) {
  if (size > SIZE_MAX - sizeof(Large)) return checked(NULL);
  Large *large = checked(malloc(sizeof(Large) + size));
  large->previous = NULL;
  large->next = arena->large;
  if (arena->large) arena->large->previous = large;
  arena->large = large;
  large->header.size = size;
  large->header.isLarge = 1;
  return large + 1;
}

static void freeLarge(Arena *arena, Large *large) {
  if (large->previous) large->previous->next = large->next;
  else arena->large = large->next;
  if (large->next) large->next->previous = large->previous;
  free(large);
}

static void *allocate(Arena *arena, size_t size) {
  if (size > LARGE) return allocateLarge(arena, size);
  size_t need = sizeof(Header) + rounded(size ? size : 1);
  if ((size_t)(arena->end - arena->top) < need) {
    Block *block = checked(malloc(BLOCK_SIZE));
    block->next = arena->blocks;
    arena->blocks = block;
    arena->top = (char *)(block + 1);
    arena->end = (char *)block + BLOCK_SIZE;
  }
  Header *header = (Header *)arena->top;
  header->size = size;
  header->isLarge = 0;
  arena->top += need;
  arena->newest = header;
  return header + 1;
}

static void *arenaCalloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) return checked(NULL);
  void *pointer = allocate(openArena, count * size);
  memset(pointer, 0, count * size);
  return pointer;
}

static void *arenaRealloc(void *pointer, size_t size) {
  Arena *arena = openArena;
  if (!pointer) return allocate(arena, size);
  Header *header = (Header *)pointer - 1;
  if (header->isLarge && size > LARGE) {
    Large *old = largeOf(header);
    if (size > SIZE_MAX - sizeof(Large)) return checked(NULL);
    Large *previous = old->previous, *next = old->next;
    Large *grown = checked(realloc(old, sizeof(Large) + size));
    if (previous) previous->next = grown;
    else arena->large = grown;
    if (next) next->previous = grown;
    grown->header.size = size;
    return grown + 1;
  }
  size_t need = rounded(size ? size : 1);
  if (header == arena->newest && size <= LARGE && (size_t)(arena->end - (char *)pointer) >= need) {
    header->size = size;
    arena->top = (char *)pointer + need;
    return pointer;
  }
  size_t keep = header->size < size ? header->size : size;
  void *moved = allocate(arena, size);
  memcpy(moved, pointer, keep);
  if (header->isLarge) freeLarge(arena, largeOf(header));
  return moved;
}

/* Small allocations stay until the arena closes, except the newest (a scratch buffer, say),
   which is reused at once; a large one is freed now. */
static void arenaFree(void *pointer) {
  if (!pointer) return;
  Arena *arena = openArena;
  Header *header = (Header *)pointer - 1;
  if (header->isLarge) {
    freeLarge(arena, largeOf(header));
  } else if (header == arena->newest) {
    arena->top = (char *)header;
    arena->newest = NULL;
  }
}

/* Laid out as cmark_mem: calloc, realloc, free. */
static struct {
  void *(*calloc)(size_t, size_t);
  void *(*realloc)(void *, size_t);
  void (*free)(void *);
} allocator = {arenaCalloc, arenaRealloc, arenaFree};

void *iapkit_arena_allocator(void) { return &allocator; }

int iapkit_arena_open(void) {
  if (openArena) return 0;
  openArena = calloc(1, sizeof(Arena));
  return openArena != NULL;
}

void iapkit_arena_close(void) {
  Arena *arena = openArena;
  if (!arena) return;
  while (arena->large) freeLarge(arena, arena->large);
  for (Block *block = arena->blocks; block;) {
    Block *next = block->next;
    free(block);
    block = next;
  }
  free(arena);
  openArena = NULL;
}
