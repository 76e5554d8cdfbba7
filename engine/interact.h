/* SPDX-License-Identifier: MIT
 *
 * interact.h -- the collision pass, step 3 of a tick. Internal header.
 */
#ifndef VG_INTERACT_H
#define VG_INTERACT_H

#include "tick.h"

void interact_run(tick_ctx *t);       /* delayed effects due, edge effects, then every pair's effects */
int interact_persist(tick_ctx *t);    /* 1 when sprites overlap under some rule now (the next tick checks all) */

#endif
