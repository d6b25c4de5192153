"""How a kernel's search ended: the codes every kernel returns (plain ints, so kernels can
return them). The statuses users read are core/run/status.py's; core/run/search.py's
kernel_status turns a code into one."""

FOUND = 0      # reached a goal (or finished a census / count normally)
EXHAUSTED = 1  # explored everything reachable: no goal exists
STOPPED = 2    # the stop flag was raised (cancel or timeout; the runner knows which)
CAP = 3        # the state cap was reached
MEMORY = 4     # going on would pass the memory budget
