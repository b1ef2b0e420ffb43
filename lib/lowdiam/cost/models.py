"""Power and price models for routers and cables.

Papers' own models (used as stated):

* SpectralFly Sec. VII: a port on an electrical link draws 3.76 W, a port on
  an optical link 4.72 W (Mellanox SB7800, EDR 100 Gb/s); every link has two
  ports (:func:`spectralfly_link_power`).  Power per bandwidth is total power
  over the METIS bisection times 100 Gb/s (:func:`power_per_bandwidth`).
* Galaxyfly Sec. 6.2: a (four-lane) router port draws 2.8 W and every compute
  node's NIC 10 W (:func:`galaxyfly_power_per_terminal`).  Ports counted are
  the ports in use (router-router and router-terminal); the top-level routers
  of a fat-tree use half their ports.

Our documented price model (Galaxyfly prices routers and cables from its
Fig. 12a/b, whose numbers are not in the text, "similar to" Slim Fly's and
Flattened Butterfly's models): the per-port switch price and the cable prices
of Mudigonda et al., "Taming the flying cable monster" (USENIX ATC 2011):
$500 per switch port; switch-to-switch (quad-channel) copper cables
$16/m + $40 up to 5 m; optical cables $5/m + $376 (:data:`PRICES`).  Switch
ports are counted as ports in use, like the power model.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..validate import check_float, check_int, check_options

__all__ = [
    "PRICES",
    "cable_cost",
    "fit_linear_router_price",
    "fit_link_power",
    "galaxyfly_power_per_terminal",
    "power_per_bandwidth",
    "router_cost",
    "spectralfly_link_power",
    "used_ports",
]

#: Mudigonda et al. (2011) prices, dollars.
PRICES = {
    "port": 500.0,
    "copper_per_m": 16.0,
    "copper_fixed": 40.0,
    "copper_max_m": 5.0,
    "optical_per_m": 5.0,
    "optical_fixed": 376.0,
}


def spectralfly_link_power(electrical: int, optical: int, *, electrical_w: float = 3.76,
                           optical_w: float = 4.72, ports_per_link: int = 2) -> float:
    """Total port power in watts of ``electrical`` + ``optical`` links (SpectralFly Sec. VII).

    Examples
    --------
    >>> round(spectralfly_link_power(249, 758), 2)     # LPS(11,7) with the paper's link counts
    9028.0
    """
    e = check_int("electrical", electrical, low=0)
    o = check_int("optical", optical, low=0)
    ew = check_float("electrical_w", electrical_w, low=0.0)
    ow = check_float("optical_w", optical_w, low=0.0)
    ppl = check_int("ports_per_link", ports_per_link, low=1)
    return ppl * (e * ew + o * ow)


def power_per_bandwidth(total_power_w: float, bisection_links: int, link_gbps: float = 100.0) -> float:
    """Power per bisection bandwidth in mW per Gb/s: P / (cut links x link rate).

    Examples
    --------
    >>> round(power_per_bandwidth(928, 304), 1)    # SpectralFly Table II, LPS(11,7), printed values
    30.5
    """
    p = check_float("total_power_w", total_power_w, low=0.0)
    b = check_int("bisection_links", bisection_links, low=1)
    g = check_float("link_gbps", link_gbps, low=0.0, low_open=True)
    return 1000.0 * p / (b * g)


def used_ports(topology: Any) -> np.ndarray:
    """Ports in use on every router: router-to-router links plus attached terminals."""
    return (topology.degrees + topology.endpoints).astype(np.int64)


def galaxyfly_power_per_terminal(topology: Any, *, port_w: float = 2.8, nic_w: float = 10.0) -> float:
    """Galaxyfly's energy model (Sec. 6.2): watts per terminal.

    port_w x (ports in use over all routers) / terminals + nic_w.

    Examples
    --------
    >>> from lowdiam.topologies import fat_tree
    >>> round(galaxyfly_power_per_terminal(fat_tree(31, 3)), 2)    # Table 6 FT: 24 W
    24.0
    """
    pw = check_float("port_w", port_w, low=0.0)
    nw = check_float("nic_w", nic_w, low=0.0)
    terminals = topology.num_endpoints
    if terminals < 1:
        raise ValueError("the topology has no terminals (endpoints); set endpoints_per_router")
    return pw * float(used_ports(topology).sum()) / terminals + nw


def router_cost(topology: Any, prices: dict | None = None) -> float:
    """Total router price in dollars: price per port x ports in use (our model, :data:`PRICES`).

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> router_cost(hyperx(2, 2, endpoints_per_router=1))    # 4 routers x 3 ports x $500
    6000.0
    """
    pr = {**PRICES, **check_options("prices", prices, PRICES)}
    return float(pr["port"] * used_ports(topology).sum())


def cable_cost(lengths: Any, optical: Any = None, prices: dict | None = None) -> float:
    """Total cable price in dollars (our model, :data:`PRICES`).

    A cable is copper when it is not marked ``optical`` and is at most
    ``copper_max_m`` long; otherwise optical.  ``optical=None`` decides by length.

    Examples
    --------
    >>> cable_cost([1.0, 10.0])      # 16 + 40  +  50 + 376
    482.0
    """
    pr = {**PRICES, **check_options("prices", prices, PRICES)}
    lengths = np.asarray(lengths, dtype=np.float64)
    opt = lengths > pr["copper_max_m"] + 1e-9
    if optical is not None:
        opt = opt | np.asarray(optical, dtype=bool)
    copper = pr["copper_per_m"] * lengths + pr["copper_fixed"]
    fibre = pr["optical_per_m"] * lengths + pr["optical_fixed"]
    return float(np.where(opt, fibre, copper).sum())


def fit_linear_router_price(
    routers_by_radix: Any, terminals: Any, cost_per_terminal: Any
) -> tuple[float, float, float]:
    """Least-squares price line a x radix + b implied by a table of router cost per terminal.

    An analysis of a paper's table (not a model of ours): row i has routers of
    given radixes (``routers_by_radix[i] = {radix: count}``), ``terminals[i]``
    and the printed cost per terminal; solve
    sum_k count_k (a radix_k + b) / terminals = printed, in the least-squares sense.

    Returns
    -------
    (a, b, max_abs_residual) in dollars, dollars, dollars per terminal.

    Examples
    --------
    >>> a, b, r = fit_linear_router_price([{10: 1}, {20: 1}], [1, 1], [1100, 2100])
    >>> round(a, 6), round(b, 6), round(r, 6)
    (100.0, 100.0, 0.0)
    """
    rows = []
    for counts, t in zip(routers_by_radix, terminals):
        ports = sum(int(r) * int(n) for r, n in counts.items())
        routers = sum(int(n) for n in counts.values())
        rows.append([ports / float(t), routers / float(t)])
    a_mat = np.asarray(rows)
    y = np.asarray(cost_per_terminal, dtype=np.float64)
    if a_mat.shape[0] != y.shape[0] or a_mat.shape[0] < 2:
        raise ValueError("need at least two rows, with one printed cost per row")
    sol, *_ = np.linalg.lstsq(a_mat, y, rcond=None)
    resid = float(np.abs(a_mat @ sol - y).max())
    return float(sol[0]), float(sol[1]), resid


def fit_link_power(electrical: Any, optical: Any, power_w: Any) -> tuple[float, float, float]:
    """Least-squares watts per electrical and per optical link implied by a table's power column.

    An analysis of a paper's table (not a model of ours): solve
    power_i = a electrical_i + b optical_i in the least-squares sense.

    Returns
    -------
    (a, b, max_abs_residual) in watts per link, watts per link, watts.

    Examples
    --------
    >>> a, b, r = fit_link_power([1, 2, 0], [1, 0, 3], [3.0, 2.0, 6.0])
    >>> round(a, 6), round(b, 6), round(r, 6)
    (1.0, 2.0, 0.0)
    """
    a_mat = np.column_stack([np.asarray(electrical, dtype=np.float64), np.asarray(optical, dtype=np.float64)])
    y = np.asarray(power_w, dtype=np.float64)
    if a_mat.shape[0] != y.shape[0] or a_mat.shape[0] < 2:
        raise ValueError("need at least two rows, with one power value per row")
    sol, *_ = np.linalg.lstsq(a_mat, y, rcond=None)
    return float(sol[0]), float(sol[1]), float(np.abs(a_mat @ sol - y).max())
