# Collecting exported resources without storeconfigs: a warning, and the
# collector takes what the catalog holds.
@@notify { 'exported': }
Notify <<| |>>
notify { 'plain': }
