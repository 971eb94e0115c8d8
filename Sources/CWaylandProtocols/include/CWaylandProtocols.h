// SPDX-License-Identifier: Apache-2.0
// The Wayland side of `swipeback system` (its session side for `swipeback input`): libwayland-client,
// and the protocol code wayland-scanner made from the XML Debian ships (scripts/wayland-protocols;
// every other file here is its output). The functions below only hand Swift the addresses of the
// interfaces, which it cannot take of a C constant itself.
#ifndef SWIPEBACK_CWAYLANDPROTOCOLS_H
#define SWIPEBACK_CWAYLANDPROTOCOLS_H
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"

static inline const struct wl_interface *swipeback_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *swipeback_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *swipeback_layer_shell_interface(void) { return &zwlr_layer_shell_v1_interface; }
static inline const struct wl_interface *swipeback_toplevel_manager_interface(void) { return &zwlr_foreign_toplevel_manager_v1_interface; }
#endif
