'''A udisks2 mock for Heartline's stick tests (a python3-dbusmock template).

Mock.AddStick(name, directory, read_only) adds a removable USB drive with one vfat partition
whose "mount point" is `directory`; Filesystem.Mount answers with it, Unmount forgets it, and
Drive.PowerOff takes the stick away as udisks does. Mock.RemoveStick(name) pulls it out.
Filesystem.Check answers that the file system is consistent unless Mock.SetDamaged(name,
repairable) said otherwise; Repair then mends it (it is consistent after) or fails as udisks
does when fsck cannot mend it.
'''

import dbus
from dbusmock import MOCK_IFACE, mockobject

BUS_NAME = 'org.freedesktop.UDisks2'
MAIN_OBJ = '/org/freedesktop/UDisks2'
MAIN_IFACE = 'org.freedesktop.UDisks2.Manager'
SYSTEM_BUS = True
IS_OBJECT_MANAGER = True

DRIVE = 'org.freedesktop.UDisks2.Drive'
BLOCK = 'org.freedesktop.UDisks2.Block'
FILESYSTEM = 'org.freedesktop.UDisks2.Filesystem'


# Sticks whose file system is not consistent: name -> whether Repair can mend it.
damaged = {}


def load(mock, parameters):
    mock.AddProperties(MAIN_IFACE, {'Version': dbus.String('2.9.4')})


def paths(name):
    return f'{MAIN_OBJ}/drives/{name}', f'{MAIN_OBJ}/block_devices/{name}1'


def mount_points(directory):
    return dbus.Array([dbus.ByteArray(directory.encode() + b'\0')] if directory else [], signature='ay')


@dbus.service.method(MOCK_IFACE, in_signature='ssb', out_signature='')
def AddStick(self, name, directory, read_only):
    drive, block = paths(name)
    self.AddObject(drive, DRIVE, {
        'Removable': dbus.Boolean(True),
        'MediaRemovable': dbus.Boolean(False),
        'CanPowerOff': dbus.Boolean(True),
        'ConnectionBus': dbus.String('usb'),
        'Model': dbus.String('Heartline test stick'),
    }, [])

    def power_off(obj, options):
        RemoveStick(self, name)

    mockobject.objects[drive].AddMethods(DRIVE, [('PowerOff', 'a{sv}', '', power_off)])
    self.object_manager_emit_added(drive)

    self.AddObject(block, BLOCK, {
        'Drive': dbus.ObjectPath(drive),
        'Device': dbus.ByteArray(f'/dev/{name}1'.encode() + b'\0'),
        'IdUsage': dbus.String('filesystem'),
        'IdType': dbus.String('vfat'),
        'IdLabel': dbus.String('STICK'),
        'ReadOnly': dbus.Boolean(read_only),
        'HintSystem': dbus.Boolean(False),
        'HintIgnore': dbus.Boolean(False),
    }, [])
    filesystem = mockobject.objects[block]
    filesystem.AddProperties(FILESYSTEM, {'MountPoints': mount_points(''), 'Size': dbus.UInt64(0)})

    def mount(obj, options):
        obj.UpdateProperties(FILESYSTEM, {'MountPoints': mount_points(directory)})
        return directory

    def unmount(obj, options):
        if not obj.props[FILESYSTEM]['MountPoints']:
            raise dbus.exceptions.DBusException('not mounted', name='org.freedesktop.UDisks2.Error.NotMounted')
        obj.UpdateProperties(FILESYSTEM, {'MountPoints': mount_points('')})

    def check(obj, options):
        if obj.props[FILESYSTEM]['MountPoints']:
            raise dbus.exceptions.DBusException('mounted', name='org.freedesktop.UDisks2.Error.DeviceBusy')
        return name not in damaged

    def repair(obj, options):
        if obj.props[FILESYSTEM]['MountPoints']:
            raise dbus.exceptions.DBusException('mounted', name='org.freedesktop.UDisks2.Error.DeviceBusy')
        if not damaged.get(name, True):
            raise dbus.exceptions.DBusException('fsck.vfat could not mend it', name='org.freedesktop.UDisks2.Error.Failed')
        damaged.pop(name, None)
        return True

    filesystem.AddMethods(FILESYSTEM, [
        ('Mount', 'a{sv}', 's', mount), ('Unmount', 'a{sv}', '', unmount),
        ('Check', 'a{sv}', 'b', check), ('Repair', 'a{sv}', 'b', repair),
    ])
    self.object_manager_emit_added(block)


@dbus.service.method(MOCK_IFACE, in_signature='s', out_signature='')
def RemoveStick(self, name):
    for path in reversed(paths(name)):
        if path in mockobject.objects:
            self.object_manager_emit_removed(path)
            self.RemoveObject(path)


@dbus.service.method(MOCK_IFACE, in_signature='sb', out_signature='')
def SetDamaged(self, name, repairable):
    damaged[name] = repairable
