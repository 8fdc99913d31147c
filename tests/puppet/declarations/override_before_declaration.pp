# An override of a resource declared later applies when it is declared.
Notify['later'] { message => 'over' }
notify { 'later': }
