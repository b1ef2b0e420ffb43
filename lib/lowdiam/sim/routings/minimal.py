"""The minimal routings' next hop towards any router, used directly and as the ``inner`` routing.

:func:`minimal_hop` ``(code, c, t, h, tabs, net, rs)`` is generated from the
registry (:mod:`.codegen`, file ``_hop_chain.py``): one branch per routing
flagged ``minimal=True``, passing the hop index ``h`` (links the packet has
crossed so far) to the hops that take it.  A new minimal routing needs no edit
here.  It is inlined where it is called: the kernels' branch of the minimal
routings (:func:`.dispatch.next_hop`) reaches it without a call.

:func:`inner_hop`, same arguments and result, is what the composite
routings (Valiant, UGAL, NAG, NAR, NAL) use for the hops of their ``inner``
routing: the hop of ``min`` (their default, :data:`.codegen.INLINED_INNER`)
inlined, any other minimal routing through one separately compiled copy of the
chain (a call per hop; integer arguments cast to int64, so every caller shares
one specialisation).  So the chain of every minimal routing is compiled once
rather than two or three times into each of them: the shared routings'
functions took about 70 CPU s of a cold BookSim-model compile that way
(``docs/benchmarks.md``, "Compile time").
"""

from __future__ import annotations

from ._hop_chain import inner_hop, minimal_hop

__all__ = ["inner_hop", "minimal_hop"]
