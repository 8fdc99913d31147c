# An override whose resource is never declared: Puppet's error when the catalog is finished.
Notify['nope'] { message => 'over' }
