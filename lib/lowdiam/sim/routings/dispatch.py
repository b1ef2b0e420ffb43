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
with the whole tables record costs about what the old per-hop call did.  The
composite routings in turn reach their ``inner`` minimal routing through
:func:`.minimal.inner_hop`: ``min`` (their default) inlined, the other
minimal routings through one separately compiled copy of the minimal chain
(a call per such hop), not by inlining the whole chain.

Compile time: a kernel is compiled once for every routing (``tabs.code`` is a
run-time value), so its first run compiles every routing these chains name,
whatever routing it runs, and every later run, of any routing, loads the
cached kernel.  Keeping the composite routings small (the minimal chain
compiled once, in :func:`.minimal.inner_hop`) brought the BookSim model's
cold compile from about 118 to 62 CPU s.  Specialising the kernels on the
routing code instead (a run compiles its own routing only) compiles the
kernel again for every routing: about 45 CPU s for the first and 35-45 for
each further one, so it loses as soon as a cache serves two routings
(``docs/benchmarks.md``, "Compile time").
"""

from __future__ import annotations

from ._dispatch_chain import next_hop, setup_packet

__all__ = ["next_hop", "setup_packet"]
