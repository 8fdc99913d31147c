# Defaults reach what is created after them along the declaring scopes:
# not classes included before the default, nor resources declared before
# it, but a defined type's body (evaluated later); a default's tag tags.
include m::itk
Notify { tag => ['dt'] }
notify { 'a': tag => 'own' }
notify { 'b': }
