/* SPDX-License-Identifier: MIT
 *
 * io.h -- reading the text files a game is made of (scripts, maps, VGDL
 * descriptions, action lists). Internal header.
 */
#ifndef VG_IO_H
#define VG_IO_H

#include "vgdl.h"

#define IO_MAX_FILE (16u << 20) /* bytes in a game's text file */

/* Reads the regular file 'path' whole, NUL-terminated, into '*out'
 * (malloc'd; the caller frees it) and its length into '*len'. A FIFO, a
 * device or a directory is refused before anything is read (it could
 * block or never end), and so is a file over IO_MAX_FILE bytes; 'err'
 * names the file. */
vg_status io_read_file(const char *path, char **out, size_t *len, vg_error *err);

#endif
