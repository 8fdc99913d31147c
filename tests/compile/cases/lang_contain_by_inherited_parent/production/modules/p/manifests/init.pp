# A class that contains a class inheriting from it, as rabbitmq does.
class p {
  contain p::child
  file { '/tmp/p': ensure => file }
}
