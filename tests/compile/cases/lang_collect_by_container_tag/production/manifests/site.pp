# A collector's tag query sees the tags a resource takes from its containers
# before it has taken them (Puppet's raw_tagged?).
class inner { package { 'gnupg': } notify { 'n': tag => 'own' } }
class outer { include inner
  package { 'direct': }
  Package <| tag == 'outer' |> -> Notify['end']
  Notify <| tag == 'own' |> { message => 'collected' }
}
notify { 'end': }
include outer
# A tag an override adds tags the resource, and collectors see it.
package { 'lvm2': }
Package<| title == 'lvm2' |> { tag +> 'support' }
Package<| tag == 'support' |> -> Notify['end']
