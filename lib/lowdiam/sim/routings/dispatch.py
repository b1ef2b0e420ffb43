"""Routing dispatch inside the kernels: per-packet set-up and next hop, by routing code.

numba cannot cache calls through first-class functions, so the kernels reach a
routing through ``if`` chains on ``tabs.code``.  The chains are generated from
the routing modules' ``ROUTING`` flags by :mod:`.codegen` (file
``_dispatch_chain.py``; the minimal routings' hop towards any router is
:func:`.minimal.minimal_hop`, file ``_hop_chain.py``): a new routing needs no
edit here.

Speed: the chains are inlined into the kernels and so are the minimal
routings' hops (the common case costs no call), while the composite and
adaptive routings' ``next_hop`` stay separate compiled functions: inlining
all of them bloated the kernels' hot loop (measured ~1.5x slower), and a call
with the whole tables record costs about what the old per-hop call did.
"""

from __future__ import annotations

from ._dispatch_chain import next_hop, setup_packet

__all__ = ["next_hop", "setup_packet"]
