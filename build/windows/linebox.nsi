; NSIS 3 script: turns the one-folder app made by build/pyinstaller.spec into
; Linebox-<version>-windows-x64-setup.exe. build/windows/build.sh runs it
; (makensis runs natively on Linux, no Wine needed, and on Windows alike):
;
;   makensis -INPUTCHARSET UTF8 -DVERSION=0.1.0 -DDIST=<folder with Linebox.exe> -DOUTFILE=<setup.exe> linebox.nsi
;
; Per-user, no administrator needed: the app goes to
; %LOCALAPPDATA%\Programs\Linebox with a Start-menu entry, an optional desktop
; shortcut, the .linebox game-file type (opened in the replay viewer) and an
; uninstaller listed in Settings > Apps. Silent: `setup.exe /S` (and `/D=DIR`
; as the last argument for another folder); `Uninstall.exe /S`.
; The player's settings, saves and statistics live in %LOCALAPPDATA%\Linebox
; and are never touched by the uninstaller.

Unicode true
Target amd64-unicode
!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "x64.nsh"

!ifndef VERSION
  !define VERSION "0.0.0"
!endif
!ifndef DIST
  !define DIST "..\dist\windows\Linebox"
!endif
!ifndef OUTFILE
  !define OUTFILE "..\dist\Linebox-${VERSION}-windows-x64-setup.exe"
!endif
!define APP "Linebox"
!define EXE "Linebox.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Linebox"
!define PROGID "Linebox.Game"

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "Software\${APP}" "InstallDir"
RequestExecutionLevel user
SetCompressor /SOLID lzma
SetCompressorDictSize 64
ManifestDPIAware true
BrandingText "${APP} ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${APP}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP} setup"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence"

!define MUI_ICON "..\icons\linebox.ico"
!define MUI_UNICON "..\icons\linebox.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "French"
; no language dialog: Windows' own display language picks English, German or French

LangString NAME_APP ${LANG_ENGLISH} "Linebox"
LangString NAME_APP ${LANG_GERMAN} "Linebox"
LangString NAME_APP ${LANG_FRENCH} "Linebox"
LangString NAME_DESKTOP ${LANG_ENGLISH} "Desktop shortcut"
LangString NAME_DESKTOP ${LANG_GERMAN} "Verknüpfung auf dem Desktop"
LangString NAME_DESKTOP ${LANG_FRENCH} "Raccourci sur le bureau"
LangString NEEDS_64BIT ${LANG_ENGLISH} "Linebox needs a 64-bit Windows."
LangString NEEDS_64BIT ${LANG_GERMAN} "Linebox braucht ein 64-Bit-Windows."
LangString NEEDS_64BIT ${LANG_FRENCH} "Linebox a besoin d'un Windows 64 bits."
LangString GAME_FILE ${LANG_ENGLISH} "Linebox game"
LangString GAME_FILE ${LANG_GERMAN} "Linebox-Partie"
LangString GAME_FILE ${LANG_FRENCH} "Partie Linebox"

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP|MB_OK "$(NEEDS_64BIT)" /SD IDOK
    Abort
  ${EndIf}
FunctionEnd

Section "$(NAME_APP)" SecApp
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; an update replaces the bundled Python and libraries as a whole, so files a
  ; newer build no longer ships do not linger next to the new ones
  RMDir /r "$INSTDIR\_internal"
  File "${DIST}\${EXE}"
  File /r "${DIST}\_internal"
  WriteUninstaller "$INSTDIR\Uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${EXE}"
  WriteRegStr HKCU "Software\${APP}" "InstallDir" "$INSTDIR"

  ; a double-clicked .linebox file runs `Linebox.exe PATH.linebox`, the replay viewer
  WriteRegStr HKCU "Software\Classes\.linebox" "" "${PROGID}"
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "$(GAME_FILE)"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  ; Settings > Apps
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section /o "$(NAME_DESKTOP)" SecDesktop
  CreateShortcut "$DESKTOP\${APP}.lnk" "$INSTDIR\${EXE}"
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  ; .linebox goes only while it is still ours (another app may have taken it since)
  ReadRegStr $0 HKCU "Software\Classes\.linebox" ""
  StrCmp $0 "${PROGID}" 0 +2
    DeleteRegKey HKCU "Software\Classes\.linebox"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\${APP}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
