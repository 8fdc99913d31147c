# ERB corpus case: nova/templates/secret.xml-compute.erb, with plausible variables.
class corpus_case {
  $libvirt_rbd_secret_uuid = 'libvirt_rbd_secret_uuid_value'
  $rbd_keyring = 'rbd_keyring_value'
  notice(template('nova/secret.xml-compute.erb'))
}
include corpus_case
