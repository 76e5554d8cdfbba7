/* SPDX-License-Identifier: MIT
 *
 * packer.h -- states stored compactly, for searches that keep millions
 * open (the A* agents, the level solver).
 */
#ifndef VG_PACKER_H
#define VG_PACKER_H

#include "agent.h"

/* A packer stores states compactly for searches that keep millions open:
 * a packed state keeps only what differs from a reference state of the
 * same game (the search's start), in a block the packer owns (cut from
 * large chunks, so millions of them cost no malloc each); it serves only
 * to restore the state with packer_unpack, against the same reference.
 * packer_release takes a block back for reuse; packer_set_ref and
 * packer_free take them all back.
 * On Bait level 3 a packed state takes 89 bytes on average along the
 * shortest solution (a state 1 KB; a byte mask a changed word took 83,
 * whole changed words 239), on The Citadel's level 1 84 along its
 * solution (a mask a word: 78). */
typedef struct packer packer;
typedef struct packed packed;
packer *packer_new(const vg_game *g); /* NULL when out of memory */
/* Keeps a copy of 'ref' (one call of 'f'); every block packed before is
 * void (its memory is reused). */
void packer_set_ref(packer *pk, fm *f, const vg_state *ref);
packed *packer_pack(packer *pk, const vg_state *s);                   /* NULL when out of memory */
void packer_unpack(const packer *pk, const packed *p, vg_state *dst); /* dst: from vg_state_new */
void packer_release(packer *pk, packed *p);                           /* p may be NULL */
size_t packed_bytes(const packed *p);                                 /* the block's size */
void packer_free(packer *pk);

#endif
