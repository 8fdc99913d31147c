# ERB corpus case: rsync/templates/header.erb, with plausible variables.
class corpus_case {
  $address = 'address_value'
  $gid = 'gid_value'
  $motd_file = 'motd_file_value'
  $uid = 'uid_value'
  $use_chroot = 'use_chroot_value'
  notice(template('rsync/header.erb'))
}
include corpus_case
