; Inno Setup 6 script: turns the one-folder app build\dist\Linebox (made by
; build\pyinstaller.spec) into Linebox-<version>-windows-x64-setup.exe.
;
;   iscc /DAppVersion=0.1.0 build\windows\linebox.iss
;
; Per-user install by default (no administrator needed): the app goes to
; %LOCALAPPDATA%\Programs\Linebox with a Start-menu entry, an optional desktop
; icon and an uninstaller (Settings > Apps). An administrator may choose
; "install for all users" in the first dialog (or pass /ALLUSERS), which puts
; it in Program Files. Relative paths are from this script's folder.
; The player's settings, saves and statistics live in %LOCALAPPDATA%\Linebox
; and are never touched by the uninstaller.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "Linebox"
#define AppExe "Linebox.exe"
#define DistDir "..\dist\Linebox"

[Setup]
; The AppId identifies Linebox for upgrades and the uninstaller: never change it.
AppId={{0EBE6125-F2F2-4CBF-8EBF-D985A4FE6088}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Linebox
VersionInfoVersion={#AppVersion}
VersionInfoProductName={#AppName}
DefaultDirName={autopf}\{#AppName}
DisableProgramGroupPage=yes
DisableDirPage=auto
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
UsePreviousPrivileges=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; Python 3.11 runs on Windows 8.1 and later
MinVersion=6.3
SetupIconFile=..\icons\linebox.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
WizardStyle=modern
Compression=lzma2/max
SolidCompression=yes
OutputDir=..\dist
OutputBaseFilename=Linebox-{#AppVersion}-windows-x64-setup
CloseApplications=yes
; .linebox game files open in Linebox's replay viewer (see [Registry])
ChangesAssociations=yes
RestartApplications=no

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "de"; MessagesFile: "compiler:Languages\German.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An update replaces the bundled Python and libraries as a whole, so files a
; newer build no longer ships do not linger next to the new ones.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#DistDir}\{#AppExe}"; DestDir: "{app}"; Flags: ignoreversion
Source: "{#DistDir}\_internal\*"; DestDir: "{app}\_internal"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"; Tasks: desktopicon

[Registry]
; the .linebox type (a kept game): double-click runs `Linebox.exe PATH.linebox`, the replay viewer
Root: HKA; Subkey: "Software\Classes\.linebox"; ValueType: string; ValueName: ""; ValueData: "Linebox.Game"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Linebox.Game"; ValueType: string; ValueName: ""; ValueData: "Linebox game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Linebox.Game\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\Linebox.Game\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
