"""The minimal routings' next hop towards any router, used directly and as the ``inner`` routing.

:func:`minimal_hop` ``(code, c, t, h, tabs, net, rs)`` is generated from the
registry (:mod:`.codegen`, file ``_hop_chain.py``): one branch per routing
flagged ``minimal=True``, passing the hop index ``h`` (links the packet has
crossed so far) to the hops that take it.  A new minimal routing needs no edit
here.
"""

from __future__ import annotations

from ._hop_chain import minimal_hop

__all__ = ["minimal_hop"]
