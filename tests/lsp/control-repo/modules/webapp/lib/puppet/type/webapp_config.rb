# One setting of the application's configuration file.
Puppet::Type.newtype(:webapp_config) do
  ensurable
  newparam(:name, :namevar => true) do
    desc 'The setting.'
  end
  newproperty(:value) do
    desc 'Its value.'
  end
end
