"""Bit tricks for the simulator kernels: the index of a word's lowest set bit, one machine instruction.

The kernels keep, per router, bit masks of the ports that have work (a flit or credit arriving, a VC in a pipeline
list, a queue to send from), and visit only those ports: ``lowest_bit`` turns the next set bit into a port
index without looping over the clear ones.

Examples
--------
>>> import numpy as np
>>> from numba import njit
>>> @njit
... def ports(m):
...     out = []
...     while m != 0:
...         out.append(lowest_bit(m))
...         m &= m - 1  # clear the lowest set bit
...     return out
>>> ports(np.int64(0b101001))
[0, 3, 5]
>>> ports(np.int64(-2**63))  # bit 63 (the sign bit) is a bit like any other
[63]
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic


@intrinsic
def lowest_bit(typingctx, m):
    """The index (0-63) of the lowest set bit of the 64-bit integer ``m`` (``llvm.cttz``); ``m`` must not be 0
    (the result is then undefined: callers loop ``while m != 0``)."""
    if not isinstance(m, types.Integer):
        return None
    sig = types.int64(m)

    def codegen(context, builder, signature, args):
        (mty,) = signature.args
        x = context.cast(builder, args[0], mty, types.int64)
        i64 = ir.IntType(64)
        fnty = ir.FunctionType(i64, [i64, ir.IntType(1)])
        fn = builder.module.declare_intrinsic("llvm.cttz", [i64], fnty)
        return builder.call(fn, [x, ir.Constant(ir.IntType(1), 1)])

    return sig, codegen
