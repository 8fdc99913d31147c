class once { notice('evaluated once') }
include once
include once
contain once
